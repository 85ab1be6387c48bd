import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signInLocally, signInWithGoogle, useAuth } from '../../auth/session';
import { Alert } from '../../ui/Alert';
import { Logo } from '../../ui/Logo';
import { FullScreenSpinner, Spinner } from '../../ui/Spinner';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { GoogleMark } from './GoogleMark';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /login: Google popup sign-in; in emulator mode an offline fallback (spec §2, DESIGN §6). */
export default function LoginPage() {
  useDocumentTitle('Login');
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/app') ? from : '/app';

  if (auth.status === 'signedIn') return <Navigate to={target} replace />;
  if (auth.status === 'idle' || auth.status === 'loading') return <FullScreenSpinner label="Loading sign-in" />;

  const google = async () => {
    setBusy(true);
    const result = await signInWithGoogle();
    setBusy(false);
    // Only the emulator can offer a way round a missing Google script; elsewhere failures are logged.
    if (!result.ok && result.scriptUnavailable && auth.authMode === 'emulator') setOffline(true);
  };

  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="auth-main">
        <div className="auth-card card">
          <h1>Login</h1>
          <p className="auth-lead">Please sign in to continue.</p>
          {auth.loadError && <Alert title="Sign-in unavailable">{auth.loadError}</Alert>}
          <button
            type="button"
            className="btn btn-secondary btn-lg btn-block google-button"
            onClick={google}
            disabled={busy || !!auth.loadError}
          >
            {busy ? <Spinner size="sm" label="Signing in" /> : <GoogleMark />}
            Sign in with Google
          </button>
          {/* Offered from the start: offline, Google's popup script cannot load at all (README: Sign-in). */}
          {auth.authMode === 'emulator' && <LocalSignIn googleFailed={offline} />}
          <p className="auth-footnote">
            By signing in you agree to our <a href="/privacy-policy">Privacy Policy</a>.
          </p>
        </div>
      </main>
    </div>
  );
}

/** Emulator-only: sign in with just an email (no Google script needed, so it works offline). */
function LocalSignIn({ googleFailed }: { googleFailed: boolean }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setError('Enter an email address such as you@example.com.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signInLocally(value);
    } catch (err) {
      console.error('Local sign-in failed', err);
      setError('The local auth emulator did not accept the sign-in. Is the server still running?');
      setBusy(false);
    }
  };
  return (
    <div className="local-signin">
      {googleFailed ? (
        <Alert title="Google sign-in is unavailable" variant="warning">
          <p>Google's sign-in script could not be loaded; this computer may be offline.</p>
          <p>
            This server runs the local auth emulator, so you can sign in with a local test account instead. It works only with the emulator.
          </p>
        </Alert>
      ) : (
        <p className="auth-lead">Or, with this server's local auth emulator (no internet needed), sign in with a local test account:</p>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Email for a local account</label>
          <input
            id={id}
            className="input"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
          {error && (
            <p className="inline-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy && <Spinner size="sm" label="Signing in" />} Sign in locally
        </button>
      </form>
    </div>
  );
}
