/**
 * The Firebase part of sign-in, loaded lazily (≈28 KB gzip) only by routes that need auth.
 */
import { getApps, initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import type { ClientConfig } from '../../../shared/src/api/types';

export type { Auth, User };

/** Initializes the Firebase app once and points Auth at the emulator when the server runs one. */
export function createAuth(config: ClientConfig): Auth {
  const app = getApps()[0] ?? initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authMode === 'emulator' && config.authEmulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}

export function watchUser(auth: Auth, onUser: (user: User | null) => void): () => void {
  return onAuthStateChanged(auth, onUser);
}

export async function popupSignIn(auth: Auth): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await signInWithPopup(auth, provider)).user;
}

/**
 * Emulator-only sign-in without Google's script: the emulator accepts an unsigned Google
 * credential whose "ID token" is plain JSON claims. Real Firebase rejects it.
 */
export async function emulatorCredentialSignIn(auth: Auth, email: string): Promise<User> {
  const claims = { sub: stableSub(email), email, email_verified: true, name: email.split('@')[0] };
  const credential = GoogleAuthProvider.credential(JSON.stringify(claims));
  return (await signInWithCredential(auth, credential)).user;
}

export function signOutOf(auth: Auth): Promise<void> {
  return signOut(auth);
}

/** The same email always maps to the same Google subject, so the emulator user is reused. */
function stableSub(email: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const ch of email.toLowerCase()) {
    hash ^= BigInt(ch.codePointAt(0) ?? 0);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return `1${hash.toString().padStart(20, '0')}`;
}
