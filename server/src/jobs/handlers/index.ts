import type { HandlerRegistry } from '../registry.js';
import { registerCrawlHandlers } from './crawlTasks.js';

/** Every task type the workers know. Each feature registers its handlers here. */
export function registerHandlers(registry: HandlerRegistry): HandlerRegistry {
  registerCrawlHandlers(registry);
  return registry;
}
