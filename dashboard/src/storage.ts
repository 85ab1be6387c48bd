import { safeStorage } from '../../shared/src/storage';
import { getVisitorId } from '../../shared/src/visitor';

/** The dashboard's one door to localStorage (falls back to memory where storage is blocked). */
export const localStore = safeStorage(() => window.localStorage);

/** This browser's visitor id for public chats (spec §3: 'visitor-…' under visitor_id). */
export function visitorId(): string {
  return getVisitorId(localStore);
}
