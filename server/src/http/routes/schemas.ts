import { z } from 'zod';
import { VISITOR_ID } from '../ids.js';

/** Schemas several route folders share. */
export const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');
export const visitorIdSchema = z
  .string({ error: 'visitor_id is required' })
  .regex(VISITOR_ID, "visitor_id must be 'visitor-' followed by at least 22 random URL-safe characters");
export const chatbotParamsSchema = z.object({ id: uuidSchema });
