/**
 * A visitor id is the visitor's only credential: 'visitor-' plus the base64url of at least 128
 * random bits (22+ characters), at most 128 characters of it. The clients keep an id that matches
 * and make a new one otherwise; the server refuses any other shape.
 */
export const VISITOR_ID_PATTERN = /^visitor-[A-Za-z0-9_-]{22,128}$/;
