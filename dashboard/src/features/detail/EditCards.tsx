import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { Chatbot } from '../../../../shared/src/api/types';
import { api } from '../../api/client';
import { serverDetail } from '../../api/errors';
import { useTimedValue } from '../../hooks/useTimedFlag';
import { EditIcon, SettingsIcon } from '../../ui/icons';
import { SaveFooter, type SaveNotice } from '../../ui/SaveFooter';
import { chatbotKey, chatbotsKey } from '../../chatbots/queries';
import { languageChoice, LanguageField } from './LanguageField';

export const SUCCESS_NOTICE_MS = 3000;
export const ERROR_NOTICE_MS = 5000;

const serverReason = (err: unknown): string => serverDetail(err) ?? 'Unknown error';

/** Merges a saved bot into the SWR cache so every view shows the new values. */
function useMergeChatbot() {
  const { mutate } = useSWRConfig();
  return (id: string, saved: Partial<Chatbot>) => {
    void mutate(chatbotKey(id), (cur: Chatbot | undefined) => (cur ? { ...cur, ...saved } : cur), { revalidate: false });
    void mutate(chatbotsKey);
  };
}

/** Customize Chatbot Prompts: system prompt and response format. */
export function PromptsCard({ chatbot }: { chatbot: Chatbot }) {
  const merge = useMergeChatbot();
  const ids = { system: useId(), format: useId() };
  const [systemPrompt, setSystemPrompt] = useState(chatbot.system_prompt ?? '');
  const [responseFormat, setResponseFormat] = useState(chatbot.response_format ?? '');
  const [saving, setSaving] = useState(false);
  const [notice, show] = useTimedValue<SaveNotice>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await api.updatePrompts(chatbot.id, { system_prompt: systemPrompt, response_format: responseFormat });
      merge(chatbot.id, saved ?? { system_prompt: systemPrompt, response_format: responseFormat });
      show({ kind: 'success', title: 'Prompts saved successfully.' }, SUCCESS_NOTICE_MS);
    } catch (err) {
      console.error(`Failed to update chatbot prompts: ${serverReason(err)}`);
      show(
        {
          kind: 'error',
          title: 'Failed to update prompts. Please try again.',
          text: `Failed to update chatbot prompts: ${serverReason(err)}`,
        },
        ERROR_NOTICE_MS,
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card" aria-labelledby="prompts-title">
      <form onSubmit={save}>
        <div className="card-header">
          <h2 id="prompts-title" className="card-title">
            <EditIcon size={18} /> Customize Chatbot Prompts
          </h2>
          <p className="card-subtitle">Shape how your chatbot speaks and formats its answers.</p>
        </div>
        <div className="card-body">
          <div className="field">
            <label htmlFor={ids.system}>System Prompt</label>
            <textarea
              id={ids.system}
              className="textarea"
              rows={6}
              value={systemPrompt}
              onChange={(e) => setSystemPrompt(e.target.value)}
              placeholder="You are a helpful assistant for Acme's documentation…"
              disabled={saving}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.format}>Response Format</label>
            <textarea
              id={ids.format}
              className="textarea"
              rows={4}
              value={responseFormat}
              onChange={(e) => setResponseFormat(e.target.value)}
              placeholder="Answer in short paragraphs and bullet lists…"
              disabled={saving}
            />
          </div>
        </div>
        <SaveFooter notice={notice} saving={saving} label="Save Prompts" savingLabel="Saving..." />
      </form>
    </section>
  );
}

/** Chatbot Details: name, description, RAG switch. */
export function DetailsCard({ chatbot }: { chatbot: Chatbot }) {
  const merge = useMergeChatbot();
  const ids = { name: useId(), description: useId(), language: useId() };
  const [name, setName] = useState(chatbot.name ?? '');
  const [description, setDescription] = useState(chatbot.description ?? '');
  const [rag, setRag] = useState(chatbot.rag_enabled ?? true);
  const [language, setLanguage] = useState(languageChoice(chatbot));
  const [saving, setSaving] = useState(false);
  const [notice, show] = useTimedValue<SaveNotice>();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      // The language only when changed: a change re-indexes every page of the bot.
      const languagePatch = language === languageChoice(chatbot) ? {} : { language: language || null };
      const saved = await api.updateChatbot(chatbot.id, { name, description, rag_enabled: rag, ...languagePatch });
      merge(chatbot.id, saved ?? { name, description, rag_enabled: rag });
      if (saved) setLanguage(languageChoice(saved));
      show({ kind: 'success', title: 'Chatbot details saved successfully.' }, SUCCESS_NOTICE_MS);
    } catch (err) {
      console.error(`Failed to update chatbot: ${serverReason(err)}`);
      show(
        {
          kind: 'error',
          title: 'Failed to update chatbot details. Please try again.',
          text: `Failed to update chatbot: ${serverReason(err)}`,
        },
        ERROR_NOTICE_MS,
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card" aria-labelledby="details-title">
      <form onSubmit={save}>
        <div className="card-header">
          <h2 id="details-title" className="card-title">
            <SettingsIcon size={18} /> Chatbot Details
          </h2>
          <p className="card-subtitle">What visitors see, and how answers are found.</p>
        </div>
        <div className="card-body">
          <div className="field">
            <label htmlFor={ids.name}>Name</label>
            <input
              id={ids.name}
              className="input"
              type="text"
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={saving}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.description}>Description</label>
            <textarea
              id={ids.description}
              className="textarea"
              rows={3}
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              disabled={saving}
            />
          </div>
          <LanguageField id={ids.language} chatbot={chatbot} value={language} onChange={setLanguage} disabled={saving} />
          <label className="checkbox-row">
            <input type="checkbox" checked={rag} onChange={(e) => setRag(e.target.checked)} disabled={saving} />
            <span>Enable RAG (Retrieval-Augmented Generation)</span>
          </label>
        </div>
        <SaveFooter notice={notice} saving={saving} label="Save Details" savingLabel="Saving..." />
      </form>
    </section>
  );
}
