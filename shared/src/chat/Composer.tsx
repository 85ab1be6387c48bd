import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { SendIcon } from './icons';
import { useChatTexts } from './texts';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  mobile: boolean;
  onFocus?: () => void;
  inputRef?: { current: HTMLTextAreaElement | null };
}

/** Message input: Enter sends, Shift+Enter is a newline; grows to 200px (80px on mobile). */
export function Composer({ value, onChange, onSend, pending, mobile, onFocus, inputRef }: ComposerProps) {
  const { t } = useChatTexts();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const ref = inputRef ?? own;
  const max = mobile ? 80 : 200;
  const empty = !value.trim();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, max)}px`;
    el.style.overflowY = el.scrollHeight > max ? 'auto' : 'hidden';
  }, [value, max, ref]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter that confirms an IME composition must not send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!empty && !pending) onSend();
    }
  };

  return (
    <form
      className={`docent-composer${mobile ? ' docent-composer-fixed' : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty && !pending) onSend();
      }}
    >
      <textarea
        ref={ref}
        className="docent-input"
        rows={1}
        placeholder={t.typeMessage}
        aria-label={t.messageLabel}
        value={value}
        disabled={pending}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      />
      <button type="submit" className="docent-send" disabled={empty || pending} aria-label={t.send} title={t.send}>
        <SendIcon />
      </button>
    </form>
  );
}
