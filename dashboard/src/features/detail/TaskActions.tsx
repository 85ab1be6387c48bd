import { useState } from 'react';
import type { Chatbot, Task } from '../../../../shared/src/api/types';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { useRefreshChatbots } from '../../chatbots/queries';
import { useRecrawl } from '../../chatbots/useRecrawl';
import { isActiveStatus } from '../../chatbots/useTaskPolling';
import { CloseIcon, ExternalIcon, RefreshIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';

/** The detail page's header buttons: the widget demo, and Re-crawl or (while a task runs) Stop. */
export function TaskActions({ chatbot, task }: { chatbot: Chatbot; task: Task | null }) {
  const toast = useToast();
  const refresh = useRefreshChatbots();
  const { busy: recrawling, recrawl: startRecrawl } = useRecrawl(chatbot.id);
  const [stopping, setStopping] = useState(false);
  const active = isActiveStatus(task?.status);

  const recrawl = () =>
    startRecrawl(
      {},
      { title: 'Re-crawl started.', description: 'The chatbot keeps answering from its current pages until the new crawl finishes.' },
    );

  // Stop: the running task ends at once and the bot keeps answering from its previous pages.
  const stop = async () => {
    if (!task) return;
    setStopping(true);
    try {
      await api.stopTask(chatbot.id, task.id);
      toast({ title: 'Task stopped.', description: 'The chatbot keeps answering from its previous pages.', variant: 'success' });
      refresh(chatbot.id);
    } catch (err) {
      toast({ title: 'Stop Error', description: apiErrorMessage(err, 'Failed to stop the task. Please try again.'), variant: 'error' });
      // It may have ended meanwhile: show its real state, so Stop is not offered again.
      refresh(chatbot.id);
    } finally {
      setStopping(false);
    }
  };

  return (
    <div className="button-row">
      <a className="btn btn-secondary" href={`/demo/?bot=${encodeURIComponent(chatbot.id)}`} target="_blank" rel="noopener noreferrer">
        <ExternalIcon size={16} /> Widget demo
      </a>
      {active ? (
        <button type="button" className="btn btn-danger" onClick={stop} disabled={stopping}>
          {stopping ? <Spinner size="sm" label="Stopping" /> : <CloseIcon size={16} />} Stop
        </button>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={recrawl} disabled={recrawling}>
          {recrawling ? <Spinner size="sm" label="Starting re-crawl" /> : <RefreshIcon size={16} />} Re-crawl
        </button>
      )}
    </div>
  );
}
