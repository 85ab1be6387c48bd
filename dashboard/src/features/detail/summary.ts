import useSWR from 'swr';
import { ApiError } from '../../../../shared/src/api/client';
import { insightsApi } from '../../api/insights';

/** The bot's 30 days at a glance (owner insights); a 404 is an answer, not a failure to retry. */
export function useSummary(botId: string) {
  return useSWR(botId ? ['insights-summary', botId] : null, () => insightsApi.summary(botId), {
    shouldRetryOnError: (err: unknown) => !(err instanceof ApiError && err.status === 404),
  });
}

/** A share as a whole percentage, or an em dash when there is nothing to measure. */
export const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
