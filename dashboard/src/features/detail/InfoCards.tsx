import type { Chatbot, Task } from '../../../../shared/src/api/types';
import { formatLocalDateTime } from '../../chatbots/dates';
import { pagesIndexed, sourcesSummary } from '../../chatbots/counts';
import { StatusBadge } from '../../chatbots/StatusBadge';
import { crawlMorePlan, limitReachedOf, limitSentence } from '../../chatbots/crawlLimit';
import { embedSnippet, publicChatLink } from './embedSnippet';
import { CopyButton } from './CopyField';
import { CodeIcon, ExternalIcon, FileIcon, LinkIcon, SettingsIcon } from '../../ui/icons';

/** The last task's 'Stopped at the 10-page limit' line (the page header offers Crawl more). */
function TaskLimit({ chatbot, task }: { chatbot: Chatbot; task: Task | null }) {
  const reached = limitReachedOf(task);
  if (!reached) return null;
  return (
    <div>
      <dt>Crawl Limit</dt>
      <dd>{limitSentence(reached, crawlMorePlan(reached, chatbot, null))}</dd>
    </div>
  );
}

/** Chatbot Information: last task, creation time, indexed documents. */
export function InformationCard({ chatbot, task }: { chatbot: Chatbot; task: Task | null }) {
  return (
    <section className="card" aria-labelledby="info-title">
      <div className="card-header">
        <h2 id="info-title" className="card-title">
          <SettingsIcon size={18} /> Chatbot Information
        </h2>
      </div>
      <div className="card-body">
        <dl className="meta-list meta-list-wide">
          {task && (
            <div>
              <dt>Last Task Status</dt>
              <dd className="meta-inline">
                <StatusBadge task={task} />
                <span className="muted">Updated {formatLocalDateTime(task.updated_at)}</span>
              </dd>
            </div>
          )}
          <TaskLimit chatbot={chatbot} task={task} />
          {task?.status === 'failed' && task.error && (
            <div>
              <dt>Last Error</dt>
              <dd className="error-text">{task.error}</dd>
            </div>
          )}
          <div>
            <dt>Created At</dt>
            <dd>{formatLocalDateTime(chatbot.created_at)}</dd>
          </div>
          <div>
            <dt>Documents</dt>
            <dd>{pagesIndexed(chatbot.document_count)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

/** Embed on Your Website: the snippet of DESIGN §5. */
export function EmbedCard({ origin, botId }: { origin: string; botId: string }) {
  const snippet = embedSnippet(origin, botId);
  return (
    <section className="card" aria-labelledby="embed-title">
      <div className="card-header">
        <h2 id="embed-title" className="card-title">
          <CodeIcon size={18} /> Embed on Your Website
        </h2>
        <p className="card-subtitle">Add the chat widget to any page of your site.</p>
      </div>
      <div className="card-body">
        <div className="code-block">
          <pre tabIndex={0} aria-label="Embed snippet">
            <code>{snippet}</code>
          </pre>
          <CopyButton text={snippet} label="Copy" doneLabel="Copied!" />
        </div>
        <p className="field-hint">
          Place this snippet just before the closing <code>&lt;/body&gt;</code> tag of your pages.
        </p>
        <p className="field-hint">
          See it on a sample third-party page:{' '}
          <a href={`/demo/?bot=${encodeURIComponent(botId)}`} target="_blank" rel="noopener noreferrer">
            open the widget demo <ExternalIcon size={13} />
          </a>
        </p>
      </div>
    </section>
  );
}

/** Chatbot Sources: the bot's addresses, each opening in a new tab. */
export function SourcesCard({ chatbot }: { chatbot: Chatbot }) {
  const urls = chatbot.urls ?? [];
  return (
    <section className="card" aria-labelledby="sources-title">
      <div className="card-header">
        <h2 id="sources-title" className="card-title">
          <FileIcon size={18} /> Chatbot Sources
        </h2>
        <p className="card-subtitle">{sourcesSummary(urls)}</p>
      </div>
      <div className="card-body">
        {urls.length === 0 ? (
          <p className="muted">No sources found.</p>
        ) : (
          <ul className="sources-scroll" tabIndex={0} aria-label="Source URLs">
            {urls.map((u) => (
              <li key={u.url}>
                <a href={u.url} target="_blank" rel="noopener noreferrer" title={u.title ?? undefined}>
                  {u.url}
                </a>
                {u.status && u.status !== 'indexed' && <span className={`source-status source-status-${u.status}`}>{u.status}</span>}
                {/* Why it is not indexed (e.g. "Not an HTML page"), so a SKIPPED badge explains itself. */}
                {u.status && u.status !== 'indexed' && u.error && <span className="source-reason">{u.error}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Chatbot Link: the public chat page. */
export function LinkCard({ origin, botId }: { origin: string; botId: string }) {
  const link = publicChatLink(origin, botId);
  return (
    <section className="card" aria-labelledby="link-title">
      <div className="card-header">
        <h2 id="link-title" className="card-title">
          <LinkIcon size={18} /> Chatbot Link
        </h2>
        <p className="card-subtitle">Share a full-page chat with anyone.</p>
      </div>
      <div className="card-body">
        <label htmlFor="public-link" className="visually-hidden">
          Public chat link
        </label>
        <input id="public-link" className="input mono" type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
        <div className="button-row">
          <a className="btn btn-primary btn-sm" href={link} target="_blank" rel="noopener noreferrer">
            <ExternalIcon size={16} /> Open Chatbot
          </a>
          <CopyButton text={link} label="Copy Link" doneLabel="Link Copied!" />
        </div>
      </div>
    </section>
  );
}
