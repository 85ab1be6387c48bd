import { useCallback, useRef, useState } from 'react';
import type { VisitorApi as ApiClient } from '../../shared/src/api/client';
import { ChatIcon, CloseIcon } from '../../shared/src/chat/icons';
import { usePageDark } from '../../shared/src/chat/usePageTheme';
import { Panel } from './Panel';

export interface WidgetProps {
  api: ApiClient;
  botId: string;
}

/**
 * Launcher + panel. The launcher is all that renders until the first open (nothing is stored and
 * no request is made before the visitor asks for the chat); the panel then stays mounted (hidden
 * when closed) so a streaming answer survives closing.
 */
export function Widget({ api, botId }: WidgetProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const dark = usePageDark();
  const launcher = useRef<HTMLButtonElement | null>(null);

  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);

  return (
    <div className={`docent-root${dark ? ' docent-dark' : ''}${open ? ' docent-is-open' : ''}`}>
      {used && <Panel api={api} botId={botId} open={open} onClose={close} />}
      <button
        ref={launcher}
        type="button"
        className="docent-launcher"
        aria-label={open ? 'Close chat' : 'Open chat'}
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        // Escape closes from the launcher too (the panel handles it for focus inside).
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            close();
          }
        }}
      >
        {open ? <CloseIcon /> : <ChatIcon />}
      </button>
    </div>
  );
}
