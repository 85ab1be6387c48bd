/** SWR policy of the spec (§7, §9): data stale after one minute, failed queries retried once. */
export const SWR_OPTIONS = {
  dedupingInterval: 60_000,
  focusThrottleInterval: 60_000,
  errorRetryCount: 1,
  revalidateOnFocus: true,
} as const;
