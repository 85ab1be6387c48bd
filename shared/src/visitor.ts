import { VISITOR_ID_PATTERN } from './contract/visitor';
import type { KeyValueStore } from './storage';

export { VISITOR_ID_PATTERN };
export const VISITOR_KEY = 'visitor_id';

function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new visitor id from the platform CSPRNG (never Math.random: it is the visitor's only credential). */
export function newVisitorId(crypto: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = new Uint8Array(18); // 144 bits → 24 base64url characters
  crypto.getRandomValues(bytes);
  return `visitor-${base64url(bytes)}`;
}

/** The visitor's id from storage, creating and storing one when missing or malformed. */
export function getVisitorId(storage: KeyValueStore): string {
  const existing = storage.getItem(VISITOR_KEY);
  if (existing && VISITOR_ID_PATTERN.test(existing)) return existing;
  const id = newVisitorId();
  storage.setItem(VISITOR_KEY, id);
  return id;
}
