import { inject } from 'vitest';

/** The auth emulator started by globalSetup, as host:port. */
export const emulatorHost = (): string => inject('authEmulatorHost');

const tokens = new Map<string, Promise<{ idToken: string; uid: string }>>();

/**
 * A real Firebase ID token for a (new or existing) emulator user, through the emulator's REST API
 * exactly as the web SDK gets one.
 */
export function signIn(email: string): Promise<{ idToken: string; uid: string }> {
  let pending = tokens.get(email);
  if (!pending) {
    pending = (async () => {
      const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`;
      const body = JSON.stringify({ email, password: 'password-123', returnSecureToken: true });
      const headers = { 'content-type': 'application/json' };
      let res = await fetch(`${base}/accounts:signUp?key=demo-api-key`, { method: 'POST', headers, body });
      if (!res.ok) res = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, { method: 'POST', headers, body });
      if (!res.ok) throw new Error(`emulator sign-in failed: ${res.status} ${await res.text()}`);
      const json = (await res.json()) as { idToken: string; localId: string };
      return { idToken: json.idToken, uid: json.localId };
    })();
    tokens.set(email, pending);
  }
  return pending;
}

export const idTokenFor = async (email: string): Promise<string> => (await signIn(email)).idToken;
