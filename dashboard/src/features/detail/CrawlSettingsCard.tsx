import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { Chatbot, RecrawlSchedule } from '../../../../shared/src/api/types';
import { api } from '../../api/client';
import { serverDetail } from '../../api/errors';
import { useTimedValue } from '../../hooks/useTimedFlag';
import { RefreshIcon } from '../../ui/icons';
import { SaveFooter, type SaveNotice } from '../../ui/SaveFooter';
import { formatLocalDateTime } from '../../chatbots/dates';
import { chatbotKey } from '../../chatbots/queries';
import { CrawlSettingsFields } from '../../chatbots/CrawlSettingsFields';
import { crawlScopeUpdate, scopeOfChatbot, type CrawlScope } from '../../chatbots/crawlSettings';

/** Crawl Settings: which pages a re-crawl takes (patterns) and how often it runs by itself. */
export function CrawlSettingsCard({ chatbot }: { chatbot: Chatbot }) {
  const { mutate } = useSWRConfig();
  const scheduleId = useId();
  const [scope, setScope] = useState<CrawlScope>(() => scopeOfChatbot(chatbot));
  const [schedule, setSchedule] = useState<RecrawlSchedule>(chatbot.recrawl_schedule ?? 'off');
  const [saving, setSaving] = useState(false);
  const [notice, show] = useTimedValue<SaveNotice>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await api.updateCrawlSettings(chatbot.id, {
        ...crawlScopeUpdate(scope),
        recrawl_schedule: schedule,
      });
      void mutate(chatbotKey(chatbot.id), (cur: Chatbot | undefined) => (cur ? { ...cur, ...saved } : cur), { revalidate: false });
      show({ kind: 'success', title: 'Crawl settings saved.' }, 3000);
    } catch (err) {
      show({ kind: 'error', title: 'Failed to save crawl settings.', text: serverDetail(err) ?? 'Unknown error' }, 8000);
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card" aria-labelledby="crawl-settings-title">
      <form onSubmit={save}>
        <div className="card-header">
          <h2 id="crawl-settings-title" className="card-title">
            <RefreshIcon size={18} /> Crawl Settings
          </h2>
          <p className="card-subtitle">Which pages a re-crawl takes, and how often it runs by itself.</p>
        </div>
        <div className="card-body">
          <CrawlSettingsFields
            fields="scope"
            value={scope}
            onChange={(patch) => setScope((cur) => ({ ...cur, ...patch }))}
            disabled={saving}
          />
          <div className="field">
            <label htmlFor={scheduleId}>Automatic re-crawl</label>
            <select
              id={scheduleId}
              className="select"
              value={schedule}
              onChange={(e) => setSchedule(e.target.value as RecrawlSchedule)}
              disabled={saving}
            >
              <option value="off">Off</option>
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
            </select>
            {chatbot.recrawl_schedule !== 'off' && chatbot.next_recrawl_at && (
              <p className="field-hint">
                Next re-crawl: {formatLocalDateTime(chatbot.next_recrawl_at)}. Only changed pages are downloaded and indexed again.
              </p>
            )}
          </div>
          <SaveFooter notice={notice} saving={saving} label="Save Crawl Settings" compact />
        </div>
      </form>
    </section>
  );
}
