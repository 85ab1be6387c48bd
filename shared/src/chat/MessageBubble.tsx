import { memo } from 'react';
import type { Source } from '../api/types';
import { formatTime } from '../dates';
import { ThumbIcon } from './icons';
import { useChatTexts } from './texts';
import { isAllowedHref, renderMarkdown } from '../markdown';

/** Only web addresses become source links. */
const safeSourceUrl = (url: string) => (/^https?:\/\//i.test(url) && isAllowedHref(url) ? url : null);

/** The pages an answer used, as title links under it. */
export function SourceList({ sources }: { sources: Source[] }) {
  const { t } = useChatTexts();
  const seen = new Set<string>();
  const items = sources.filter((s) => s && typeof s.url === 'string' && !seen.has(s.url) && seen.add(s.url));
  if (!items.length) return null;
  return (
    <div className="docent-sources">
      <div className="docent-sources-label">{t.sources}</div>
      <ol>
        {items.map((s) => {
          const href = safeSourceUrl(s.url);
          const label = s.title?.trim() || s.url;
          return (
            <li key={s.url}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" title={s.url}>
                  {label}
                </a>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Sanitized markdown; memoised so a long list does not re-render every bubble on each token. */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const { t } = useChatTexts();
  return <div className="docent-markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(text, t.image) }} />;
});

interface BubbleProps {
  role: 'user' | 'assistant';
  content: string;
  createdAt?: string;
  sources?: Source[];
  streaming?: boolean;
  /** The visitor's rating of a stored answer; with onRate, the thumbs show under it. */
  feedback?: 1 | -1 | null;
  onRate?: (rating: 1 | -1 | null) => void;
}

/**
 * The Markdown copy of the sources that answers stored before the chat listed them itself end with
 * ("**Sources**" and a numbered list of links): the list under the answer says the same. Read line by
 * line: the one regex this replaced backtracked exponentially on a crafted list, freezing the chat.
 */
const SOURCES_HEADING = '**Sources**\n';
const SOURCE_ITEM = /^\d+\. \[[^\n]*\]\([^\n]*\)$/;

/** An answer's text without a Sources list when the bubble shows one: one list per answer. */
export function withoutSourcesList(content: string, sources?: Source[]): string {
  const at = sources?.length ? content.lastIndexOf(SOURCES_HEADING) : -1;
  if (at < 0) return content;
  const items = content
    .slice(at + SOURCES_HEADING.length)
    .trimEnd()
    .split('\n');
  if (!items.every((line) => SOURCE_ITEM.test(line))) return content;
  let end = at;
  while (end > 0 && content[end - 1] === '\n') end--;
  return content.slice(0, end);
}

/** One message: the user's on the right as plain text, the assistant's on the left as markdown. */
export function MessageBubble({ role, content, createdAt, sources, streaming, feedback, onRate }: BubbleProps) {
  return (
    <div className={`docent-msg docent-msg-${role}`} data-role={role}>
      <div className="docent-bubble" aria-busy={streaming || undefined}>
        {role === 'assistant' ? (
          <Markdown text={withoutSourcesList(content, sources)} />
        ) : (
          <div className="docent-user-text">{content}</div>
        )}
        {role === 'assistant' && sources && <SourceList sources={sources} />}
      </div>
      {(createdAt || onRate) && (
        <div className="docent-meta">
          {createdAt && (
            <time className="docent-time" dateTime={createdAt}>
              {formatTime(createdAt)}
            </time>
          )}
          {onRate && <Thumbs value={feedback ?? null} onRate={onRate} />}
        </div>
      )}
    </div>
  );
}

/** Helpful / not helpful; pressing the active one again clears it. */
function Thumbs({ value, onRate }: { value: 1 | -1 | null; onRate: (rating: 1 | -1 | null) => void }) {
  const { t } = useChatTexts();
  const thumb = (rating: 1 | -1, label: string) => (
    <button
      type="button"
      className={`docent-thumb${rating < 0 ? ' docent-thumb-down' : ''}`}
      aria-pressed={value === rating}
      aria-label={label}
      title={label}
      onClick={() => onRate(value === rating ? null : rating)}
    >
      <ThumbIcon />
    </button>
  );
  return (
    <span className="docent-thumbs" role="group" aria-label={t.rateAnswer}>
      {thumb(1, t.helpful)}
      {thumb(-1, t.notHelpful)}
    </span>
  );
}

/** The three-dot typing indicator. */
export function TypingDots() {
  const { t } = useChatTexts();
  return (
    <div className="docent-msg docent-msg-assistant" role="status" aria-label={t.typing}>
      <div className="docent-bubble docent-typing">
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
