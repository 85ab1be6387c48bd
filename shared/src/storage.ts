/** The subset of the Web Storage API the front ends use. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store that lives only as long as the page. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
  };
}

/**
 * localStorage when it works, otherwise memory. Reading `window.localStorage` itself throws in
 * sandboxed iframes and with cookies blocked, and setItem throws when the quota is full, so every
 * access is guarded and a failing write falls back to memory for the rest of the page's life.
 */
export function safeStorage(getStorage: () => Storage | null | undefined): KeyValueStore {
  const memory = memoryStore();
  let backing: Storage | null = null;
  try {
    backing = getStorage() ?? null;
    if (backing) {
      const probe = '__docent_probe__';
      backing.setItem(probe, probe);
      backing.removeItem(probe);
    }
  } catch {
    backing = null;
  }
  return {
    getItem(key) {
      const own = memory.getItem(key);
      if (own !== null || !backing) return own;
      try {
        return backing.getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        if (backing) {
          backing.setItem(key, value);
          memory.removeItem(key);
          return;
        }
      } catch {}
      memory.setItem(key, value);
    },
    removeItem(key) {
      memory.removeItem(key);
      try {
        backing?.removeItem(key);
      } catch {}
    },
  };
}
