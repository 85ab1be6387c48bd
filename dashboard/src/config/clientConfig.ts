import type { ClientConfig } from '../../../shared/src/api/types';

/**
 * Runtime configuration from GET /api/v1/client-config, fetched once: the same build works in
 * emulator and production mode.
 */
let pending: Promise<ClientConfig> | null = null;

export function loadClientConfig(): Promise<ClientConfig> {
  if (!pending) {
    pending = fetch('/api/v1/client-config', { headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body = (await res.json()) as { success?: boolean; data?: ClientConfig };
        if (!res.ok || !body.success || !body.data) throw new Error(`client-config answered ${res.status}`);
        return body.data;
      })
      .catch((err: unknown) => {
        pending = null; // allow a retry on the next call
        throw err;
      });
  }
  return pending;
}

/** Tests: forget the cached configuration. */
export function resetClientConfig(): void {
  pending = null;
}
