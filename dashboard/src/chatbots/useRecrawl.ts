import { useState } from 'react';
import type { RecrawlRequest } from '../../../shared/src/api/ownerApi';
import { api } from '../api/client';
import { apiErrorMessage } from '../api/errors';
import { useToast } from '../ui/toast';
import { useRefreshChatbots } from './queries';

/**
 * Starts a re-crawl of one bot (api.recrawl), as Re-crawl on the detail page and
 * 'Crawl more' do: the caller's toast on success and the bot refreshed, the server's reason under
 * 'Re-crawl Error' on failure. `busy` is true while the request runs.
 */
export function useRecrawl(chatbotId: string) {
  const toast = useToast();
  const refresh = useRefreshChatbots();
  const [busy, setBusy] = useState(false);
  const recrawl = async (body: Omit<RecrawlRequest, 'chatbot_id'>, started: { title: string; description: string }) => {
    setBusy(true);
    try {
      await api.recrawl({ chatbot_id: chatbotId, ...body });
      toast({ ...started, variant: 'success' });
      refresh(chatbotId);
    } catch (err) {
      toast({
        title: 'Re-crawl Error',
        description: apiErrorMessage(err, 'Failed to start the re-crawl. Please try again.'),
        variant: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, recrawl };
}
