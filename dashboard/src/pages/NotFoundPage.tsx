import { Link } from 'react-router-dom';
import { Logo } from '../ui/Logo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

/** Any unknown route; inside /app it renders within the shell. */
export default function NotFoundPage({ inApp = false }: { inApp?: boolean }) {
  useDocumentTitle('Page not found');
  const body = (
    <div className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="not-found-actions">
        <Link to={inApp ? '/app/chatbots' : '/'} className="btn btn-primary">
          {inApp ? 'All Chatbots' : 'Go to the home page'}
        </Link>
      </div>
    </div>
  );
  if (inApp) return body;
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <Logo />
      </header>
      <main className="auth-main">{body}</main>
    </div>
  );
}
