import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { answerRoutes } from './answer/routes.js';
import { chatbotRoutes } from './chatbots/routes.js';
import { sourceRoutes } from './chatbots/sources.js';
import { bootstrapRoutes } from './conversations/bootstrap.js';
import { feedbackRoutes } from './conversations/feedback.js';
import { conversationRoutes } from './conversations/routes.js';
import { healthRoutes } from './health/routes.js';
import { indexingRoutes } from './indexing/routes.js';
import { insightRoutes } from './insights/routes.js';
import { taskRoutes } from './tasks/routes.js';

/** Every /api/v1 route plugin. Features add their line here. */
export const routePlugins: ((ctx: AppContext) => FastifyPluginAsync)[] = [
  healthRoutes,
  chatbotRoutes,
  sourceRoutes,
  taskRoutes,
  conversationRoutes,
  bootstrapRoutes,
  feedbackRoutes,
  indexingRoutes,
  answerRoutes,
  insightRoutes,
];
