import { useEffect, useSyncExternalStore } from 'react';
import { loadClientConfig } from '../config/clientConfig';
import { localStore } from '../storage';

/**
 * The signed-in session as a tiny store, so the API client can read the token outside React and
 * pages that never need auth (landing, chat) never load Firebase.
 */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}
export interface AuthState {
  status: 'idle' | 'loading' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  authMode: 'emulator' | 'firebase' | null;
  /** Set when the configuration or Firebase could not be loaded at all. */
  loadError: string | null;
  /** True between a logout and the redirect to /login two seconds later. */
  loggingOut: boolean;
}

type FirebaseModule = typeof import('./firebaseAuth');
type AuthHandle = { mod: FirebaseModule; auth: import('./firebaseAuth').Auth };

let state: AuthState = { status: 'idle', user: null, authMode: null, loadError: null, loggingOut: false };
const listeners = new Set<() => void>();
let handle: Promise<AuthHandle> | null = null;
let currentUser: import('./firebaseAuth').User | null = null;

function set(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function getAuthState(): AuthState {
  return state;
}

/** Loads configuration and Firebase once and starts watching the user. */
export function startAuth(): Promise<AuthHandle> {
  if (!handle) {
    set({ status: 'loading', loadError: null });
    handle = (async () => {
      const [config, mod] = await Promise.all([loadClientConfig(), import('./firebaseAuth')]);
      const auth = mod.createAuth(config);
      set({ authMode: config.authMode });
      const emulator = config.authMode === 'emulator';
      mod.watchUser(auth, (user) => {
        currentUser = user;
        if (emulator && user?.email) localStore.setItem(EMULATOR_EMAIL_KEY, user.email);
        // A restarted emulator has forgotten its sessions (it saves users, not tokens), so Firebase
        // drops the stored one; the emulator takes an unsigned credential for the same account, so
        // the owner is signed back in instead of being sent to /login after every `npm start`.
        const remembered = emulator && !user ? localStore.getItem(EMULATOR_EMAIL_KEY) : null;
        if (remembered && !state.loggingOut) {
          localStore.removeItem(EMULATOR_EMAIL_KEY); // one try: a refusal must not loop
          mod.emulatorCredentialSignIn(auth, remembered).catch((err: unknown) => {
            console.error('Could not restore the local session', err);
            set({ status: 'signedOut', user: null });
          });
          return;
        }
        set({
          status: user ? 'signedIn' : 'signedOut',
          user: user ? { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL } : null,
        });
      });
      return { mod, auth };
    })();
    handle.catch((err: unknown) => {
      console.error('Auth failed to load', err);
      handle = null;
      set({
        status: 'signedOut',
        loadError: 'The sign-in service could not be reached. Check that the server is running and reload the page.',
      });
    });
  }
  return handle;
}

/** Emulator mode: the signed-in owner's email, to sign them back in after the emulator restarts. */
const EMULATOR_EMAIL_KEY = 'docent.emulatorEmail';

/** The current user's Firebase ID token (refreshed by Firebase when near expiry), or null. */
export async function getIdToken(): Promise<string | null> {
  if (!currentUser) return null;
  try {
    return await currentUser.getIdToken();
  } catch (err) {
    console.error('Could not get an ID token', err);
    return null;
  }
}

/** Codes meaning the popup flow could not even start: Google's script or frame did not load. */
const SCRIPT_FAILURES = new Set(['auth/network-request-failed', 'auth/internal-error', 'auth/timeout']);
const POPUP_TIMEOUT_MS = 20_000;

export type PopupResult = { ok: true } | { ok: false; scriptUnavailable: boolean; code: string };

export async function signInWithGoogle(): Promise<PopupResult> {
  const { mod, auth } = await startAuth();
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('Sign-in timed out'), { code: 'auth/timeout' })), POPUP_TIMEOUT_MS);
    });
    await Promise.race([mod.popupSignIn(auth), timeout]).finally(() => clearTimeout(timer));
    return { ok: true };
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'unknown';
    console.error('Google sign-in failed', err);
    return { ok: false, code, scriptUnavailable: SCRIPT_FAILURES.has(code) };
  }
}

/** Emulator mode only: sign in as `email` with a credential only the emulator accepts. */
export async function signInLocally(email: string): Promise<void> {
  const { mod, auth } = await startAuth();
  if (state.authMode !== 'emulator') throw new Error('Local sign-in exists only with the auth emulator.');
  await mod.emulatorCredentialSignIn(auth, email);
}

export const LOGOUT_REDIRECT_MS = 2000;

/** Signs out; the app shows a notice and sends the user to /login after LOGOUT_REDIRECT_MS. */
export async function signOutUser(): Promise<void> {
  set({ loggingOut: true });
  localStore.removeItem(EMULATOR_EMAIL_KEY); // a chosen logout stays logged out
  try {
    const { mod, auth } = await startAuth();
    await mod.signOutOf(auth);
  } catch (err) {
    console.error('Sign-out failed', err);
  }
}

export function finishLogout(): void {
  set({ loggingOut: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The auth state; mounting it starts Firebase if it has not started yet. */
export function useAuth(): AuthState {
  useEffect(() => {
    void startAuth().catch(() => {});
  }, []);
  return useSyncExternalStore(subscribe, getAuthState, getAuthState);
}

/** Tests: replace the state outright. */
export function __setAuthStateForTests(next: Partial<AuthState>, user: { getIdToken(): Promise<string> } | null = null): void {
  handle = Promise.resolve({} as AuthHandle);
  currentUser = user as never;
  set(next);
}
