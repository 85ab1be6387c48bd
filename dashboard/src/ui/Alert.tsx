import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** A titled message box; `error` alerts are announced immediately. */
export function Alert({
  title,
  children,
  variant = 'error',
  action,
}: {
  title: string;
  children?: ReactNode;
  variant?: 'error' | 'info' | 'success' | 'warning';
  action?: ReactNode;
}) {
  return (
    <div className={`alert alert-${variant}`} role={variant === 'error' ? 'alert' : 'status'}>
      <AlertIcon className="alert-icon" />
      <div className="alert-body">
        <p className="alert-title">{title}</p>
        {children && <div className="alert-text">{children}</div>}
        {action && <div className="alert-action">{action}</div>}
      </div>
    </div>
  );
}
