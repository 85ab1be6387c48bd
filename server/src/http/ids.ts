import { VISITOR_ID_PATTERN } from '../../../shared/src/contract/visitor.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A visitor id is the visitor's only credential (the shape the clients make: shared/src/contract). */
export const VISITOR_ID = VISITOR_ID_PATTERN;

export const isUuid = (value: string): boolean => UUID.test(value);
export const isVisitorId = (value: string): boolean => VISITOR_ID.test(value);
