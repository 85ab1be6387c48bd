const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A visitor id is the visitor's only credential: 'visitor-' plus at least 128 bits (22+ base64url chars). */
export const VISITOR_ID = /^visitor-[A-Za-z0-9_-]{22,128}$/;

export const isUuid = (value: string): boolean => UUID.test(value);
export const isVisitorId = (value: string): boolean => VISITOR_ID.test(value);
