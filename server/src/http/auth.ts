import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';

export interface AuthUser {
  uid: string;
  email?: string;
}

/** Turns a bearer ID token into a user, or null when it is missing, malformed, expired or forged. */
export interface AuthVerifier {
  verify(idToken: string): Promise<AuthUser | null>;
  close(): Promise<void>;
}

/**
 * Firebase ID token verification with firebase-admin. In emulator mode firebase-admin accepts the
 * emulator's unsigned tokens; that mode is on only when FIREBASE_AUTH_EMULATOR_HOST is set, which
 * `npm start` does for itself. In firebase mode tokens must carry Google's signature.
 */
export function createFirebaseVerifier(config: Config): AuthVerifier {
  if (config.authMode === 'firebase' && process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is set but the server is not in emulator mode');
  }
  const app: App = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `docent-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      if (!idToken || idToken.length > 8192) return null;
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return { uid: decoded.uid, email: decoded.email };
      } catch {
        return null;
      }
    },
    close: () => deleteApp(app),
  };
}
