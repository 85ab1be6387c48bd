import { useState } from 'react';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { AlertIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';
import './atAGlance.css';

/**
 * Delete the chatbot (issue 18), after a confirmation: its pages, conversations, feedback and tasks
 * go with it, a running crawl included (the privacy policy promises deletion).
 */
export function DeleteBotCard({ botId, name, onDeleted }: { botId: string; name: string; onDeleted: () => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await api.deleteChatbot(botId);
      toast({ title: 'Chatbot deleted.', description: `${name} and everything of it are gone.`, variant: 'success' });
      onDeleted();
    } catch (err) {
      toast({
        title: 'Delete Error',
        description: apiErrorMessage(err, 'Failed to delete the chatbot. Please try again.'),
        variant: 'error',
      });
      setDeleting(false);
    }
  };

  return (
    <section className="card insights-danger" aria-labelledby="delete-title">
      <div className="card-header">
        <h2 id="delete-title" className="card-title">
          <AlertIcon size={18} /> Delete Chatbot
        </h2>
        <p className="card-subtitle">Removes its pages, visitor conversations, feedback and tasks for good.</p>
      </div>
      <div className="card-body">
        {confirming ? (
          <div role="alertdialog" aria-labelledby="delete-confirm-text" className="insights-confirm">
            <p id="delete-confirm-text">
              Delete <strong>{name}</strong> permanently? Visitors will no longer be able to chat with it. This cannot be undone.
            </p>
            <div className="button-row">
              <button type="button" className="btn btn-danger" onClick={remove} disabled={deleting}>
                {deleting && <Spinner size="sm" label="Deleting" />} Delete permanently
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={deleting}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            Delete chatbot
          </button>
        )}
      </div>
    </section>
  );
}
