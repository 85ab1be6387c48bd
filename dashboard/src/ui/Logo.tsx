import { Link } from 'react-router-dom';

/** Neutral product mark: a speech bubble with three dots, the name, and a small badge. */
export function Logo({ to = '/', badge = true }: { to?: string; badge?: boolean }) {
  return (
    <Link to={to} className="logo">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path
          d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9A2.5 2.5 0 0 1 23 10.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.5 4v-4H11.5A2.5 2.5 0 0 1 9 17.5z"
          fill="#fff"
        />
        <circle cx="13" cy="14" r="1.3" fill="var(--accent)" />
        <circle cx="16" cy="14" r="1.3" fill="var(--accent)" />
        <circle cx="19" cy="14" r="1.3" fill="var(--accent)" />
      </svg>
      <span className="logo-name">Docent</span>
      {badge && <span className="logo-badge">.dev</span>}
    </Link>
  );
}
