import { useId, useState, type FormEvent } from 'react';
import type { Chatbot } from '../../../../shared/src/api/types';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { PlusIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * One source at a time: add a page (or re-index one that changed) without crawling the site again,
 * or take one page out of the answers. `onChanged` reloads the bot (its task, sources and count).
 */
export function SourceEditor({ chatbot, busy, onChanged }: { chatbot: Chatbot; busy: boolean; onChanged(): void }) {
  const toast = useToast();
  const id = useId();
  const [url, setUrl] = useState('');
  const [working, setWorking] = useState<'add' | 'remove' | null>(null);
  const run = async (kind: 'add' | 'remove') => {
    const value = url.trim();
    if (!value) return toast({ title: 'Please enter a source to add.', variant: 'warning' });
    if (!isHttpUrl(value)) return toast({ title: 'Invalid URL format.', variant: 'error' });
    setWorking(kind);
    try {
      if (kind === 'add') {
        await api.addSource(chatbot.id, value);
        toast({
          title: 'Indexing this page.',
          description: 'Only this page is fetched; the other pages stay as they are.',
          variant: 'success',
        });
      } else {
        await api.removeSource(chatbot.id, value);
        toast({ title: 'Source removed.', description: 'The chatbot no longer answers from this page.', variant: 'success' });
      }
      setUrl('');
      onChanged();
    } catch (err) {
      toast({
        title: kind === 'add' ? 'Add Source Error' : 'Remove Source Error',
        description: apiErrorMessage(err, 'Please try again.'),
        variant: 'error',
      });
    } finally {
      setWorking(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('add');
  };
  const disabled = busy || working !== null;
  return (
    <form className="source-editor" onSubmit={submit} noValidate>
      <label htmlFor={id}>Add, re-index or remove one page</label>
      <div className="input-row">
        <input
          id={id}
          className="input"
          type="url"
          placeholder="https://example.com/page"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          disabled={disabled}
        />
        <button type="submit" className="btn btn-secondary btn-sm" disabled={disabled}>
          {working === 'add' ? <Spinner size="sm" label="Adding" /> : <PlusIcon size={16} />} Add / Re-index
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void run('remove')} disabled={disabled}>
          {working === 'remove' && <Spinner size="sm" label="Removing" />} Remove
        </button>
      </div>
      {busy && <p className="field-hint">Wait for the running task to finish (or stop it) to change single pages.</p>}
    </form>
  );
}
