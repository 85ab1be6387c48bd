import type { Db } from '../db.js';

/**
 * A process-local cache per database handle (each app's, as each process has one), made on first
 * use, and every one of them still alive: a write in this process is forgotten in all of them, not
 * only in its writer's handle's, since a worker may write through a handle of its own.
 */
export class CachesPerDb<C extends object> {
  private readonly byDb = new WeakMap<Db, C>();
  private readonly all = new Set<WeakRef<C>>();

  constructor(private readonly create: (db: Db) => C) {}

  of(db: Db): C {
    let cache = this.byDb.get(db);
    if (!cache) {
      cache = this.create(db);
      this.byDb.set(db, cache);
      this.all.add(new WeakRef(cache));
    }
    return cache;
  }

  /** Run `fn` on every cache still alive (dropping the references of collected ones). */
  each(fn: (cache: C) => void): void {
    for (const ref of this.all) {
      const cache = ref.deref();
      if (cache) fn(cache);
      else this.all.delete(ref);
    }
  }
}
