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
 *
 * Everything here comes from the Config. firebase-admin itself, though, decides on every call from
 * the process environment whether to skip signature checks, so in firebase mode we also refuse any
 * token that is not RS256-signed: an emulator variable appearing later can never open the door.
 */
export function createFirebaseVerifier(config: Config): AuthVerifier {
  const requireSignature = config.authMode === 'firebase';
  const app: App = initializeApp({ projectId: config.FIREBASE_PROJECT_ID }, `docent-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      if (!idToken || idToken.length > 8192) return null;
      if (requireSignature && !isSignedJwt(idToken)) return null;
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

/**
 * A verifier that lets `onNewUser` finish before the first request of each uid in this run goes on
 * (again on later requests if it failed), so whatever must know about an owner (the emulator's saved
 * users) knows before anything is written under their uid.
 */
export function announcingNewUsers(inner: AuthVerifier, onNewUser: (uid: string) => Promise<void>): AuthVerifier {
  const announced = new Map<string, Promise<boolean>>();
  return {
    async verify(idToken) {
      const user = await inner.verify(idToken);
      if (!user) return null;
      let pending = announced.get(user.uid);
      if (!pending) {
        pending = onNewUser(user.uid).then(
          () => true,
          () => (announced.delete(user.uid), false),
        );
        announced.set(user.uid, pending);
      }
      await pending;
      return user;
    },
    close: () => inner.close(),
  };
}

/** A three-part JWT whose header says RS256 (Firebase's algorithm) and whose signature is not empty. */
function isSignedJwt(token: string): boolean {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return false;
  try {
    const parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    return parsed.alg === 'RS256';
  } catch {
    return false;
  }
}
