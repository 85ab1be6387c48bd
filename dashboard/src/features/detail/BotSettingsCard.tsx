import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { Chatbot } from '../../../../shared/src/api/types';
import { api } from '../../api/client';
import { serverDetail } from '../../api/errors';
import { useTimedValue } from '../../hooks/useTimedFlag';
import { ChatIcon } from '../../ui/icons';
import { SaveFooter, type SaveNotice } from '../../ui/SaveFooter';
import { chatbotKey } from '../../chatbots/queries';

const STARTERS = 4;
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Visitor Experience: the greeting and starter questions an empty conversation shows (widget and
 * /chat), and the sites allowed to embed the widget. The server validates and normalises; its
 * message is shown as is when it refuses.
 */
export function BotSettingsCard({ chatbot }: { chatbot: Chatbot }) {
  const { mutate } = useSWRConfig();
  const id = useId();
  const [greeting, setGreeting] = useState(chatbot.greeting ?? '');
  const [starters, setStarters] = useState(() => Array.from({ length: STARTERS }, (_, i) => chatbot.starter_questions?.[i] ?? ''));
  const [origins, setOrigins] = useState((chatbot.allowed_origins ?? []).join('\n'));
  const [saving, setSaving] = useState(false);
  const [notice, show] = useTimedValue<SaveNotice>();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await api.updateBotSettings(chatbot.id, {
        greeting: greeting.trim(),
        // Empty boxes are unused slots, not blank questions.
        starter_questions: starters.map((q) => q.trim()).filter(Boolean),
        allowed_origins: lines(origins),
      });
      // Show what the server kept (normalised domains, repeats dropped).
      setOrigins(saved.allowed_origins.join('\n'));
      setStarters(Array.from({ length: STARTERS }, (_, i) => saved.starter_questions[i] ?? ''));
      void mutate(chatbotKey(chatbot.id), (cur: Chatbot | undefined) => (cur ? { ...cur, ...saved } : cur), { revalidate: false });
      show({ kind: 'success', title: 'Visitor settings saved.' }, 3000);
    } catch (err) {
      show({ kind: 'error', title: 'Failed to save visitor settings.', text: serverDetail(err) ?? 'Unknown error' }, 8000);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <form onSubmit={save}>
        <div className="card-header">
          <h2 id={`${id}-title`} className="card-title">
            <ChatIcon size={18} /> Visitor Experience
          </h2>
          <p className="card-subtitle">What a new conversation shows, and where the widget may be embedded.</p>
        </div>
        <div className="card-body">
          <div className="field">
            <label htmlFor={`${id}-greeting`}>Greeting</label>
            <textarea
              id={`${id}-greeting`}
              className="textarea"
              rows={2}
              maxLength={500}
              value={greeting}
              onChange={(e) => setGreeting(e.target.value)}
              placeholder="Hi! Ask me anything about our docs."
              disabled={saving}
            />
            <p className="field-hint">Shown while a conversation is empty. Up to 500 characters.</p>
          </div>
          <div className="field" role="group" aria-labelledby={`${id}-starters`}>
            <span id={`${id}-starters`} className="field-label">
              Starter questions
            </span>
            {starters.map((q, i) => (
              <input
                key={i}
                className="input"
                aria-label={`Starter question ${i + 1}`}
                maxLength={150}
                value={q}
                onChange={(e) => setStarters((list) => list.map((old, j) => (j === i ? e.target.value : old)))}
                disabled={saving}
              />
            ))}
            <p className="field-hint">Up to 4, 150 characters each. A visitor clicks one to ask it.</p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-origins`}>Allowed domains</label>
            <textarea
              id={`${id}-origins`}
              className="textarea"
              rows={3}
              value={origins}
              onChange={(e) => setOrigins(e.target.value)}
              placeholder={'https://www.example.com\nexample.org'}
              disabled={saving}
            />
            <p className="field-hint">
              One site per line; only these may embed the widget. Empty: any site. The public chat link and this dashboard always work.
            </p>
          </div>
          <SaveFooter notice={notice} saving={saving} label="Save Visitor Settings" compact />
        </div>
      </form>
    </section>
  );
}
