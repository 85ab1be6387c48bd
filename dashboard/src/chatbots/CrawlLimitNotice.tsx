import type { Chatbot, Task } from '../../../shared/src/api/types';
import { Spinner } from '../ui/Spinner';
import { crawlMorePlan, limitReachedOf, limitSentence, useCrawlLimits } from './crawlLimit';
import { useRecrawl } from './useRecrawl';
import './crawlLimit.css';

/**
 * Says that the last crawl stopped at its limit with links left, and offers 'Crawl more': a re-crawl
 * with twice the pages (or one level deeper), up to the server's cap. Nothing when the crawl was whole.
 */
export function CrawlLimitNotice({ chatbot, task, compact = false }: { chatbot: Chatbot; task: Task | null; compact?: boolean }) {
  const caps = useCrawlLimits();
  const { busy, recrawl } = useRecrawl(chatbot.id);
  const reached = limitReachedOf(task);
  if (!reached) return null;
  const plan = crawlMorePlan(reached, chatbot, caps);
  const more = async () => {
    if (!plan.body) return;
    await recrawl(plan.body, {
      title: 'Crawling more.',
      description:
        reached.kind === 'pages'
          ? `Up to ${plan.next} pages this time; the chatbot keeps answering from its current pages meanwhile.`
          : `${plan.next} levels deep this time; the chatbot keeps answering from its current pages meanwhile.`,
    });
  };
  return (
    <div className={`crawl-limit${compact ? ' crawl-limit-compact' : ''}`} role="status">
      <p>{limitSentence(reached, plan)}</p>
      {plan.body ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={more} disabled={busy}>
          {busy && <Spinner size="sm" label="Starting" />}
          {`Crawl more (${reached.kind === 'pages' ? `up to ${plan.next} pages` : `depth ${plan.next}`})`}
        </button>
      ) : (
        !compact && <p className="muted">Add the pages the chatbot still needs under Sources.</p>
      )}
    </div>
  );
}
