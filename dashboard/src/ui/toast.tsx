import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}
interface ToastItem extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
}

const TOAST_MS = 5000;
const ToastContext = createContext<(t: ToastInput) => void>(() => {});

/** Hosts the toast stack (a polite live region) and hands out `toast()`. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback(
    (input: ToastInput) => {
      const id = nextId.current++;
      setItems((list) => [...list.slice(-3), { id, title: input.title, description: input.description, variant: input.variant ?? 'info' }]);
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" aria-live="polite" aria-label="Notifications" role="region">
        {items.map((t) => (
          <div key={t.id} className={`toast toast-${t.variant}`} role={t.variant === 'error' ? 'alert' : 'status'}>
            <div className="toast-body">
              <p className="toast-title">{t.title}</p>
              {t.description && <p className="toast-text">{t.description}</p>}
            </div>
            <button type="button" className="icon-button icon-button-sm" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
              <CloseIcon size={14} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `toast({title, description, variant})` from anywhere below ToastProvider. */
export function useToast(): (t: ToastInput) => void {
  return useContext(ToastContext);
}
