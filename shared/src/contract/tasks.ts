/**
 * A task's vocabulary: the values the server stores in the tasks table and every client reads back.
 * Types only, inferred from the response schemas in taskSchemas.ts (the one source).
 */
export type { TaskProgress, TaskStatus, TaskType } from './taskSchemas';
