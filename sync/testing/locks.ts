// Web Locks for tests (Node has none): exclusive locks by name, granted in request order, with
// `ifAvailable` answered at once (null when held), as the browser's LockManager does.
export interface TestLocks extends LockManager {
  /** Names of the locks held now. */
  held: Set<string>;
  /** How many requests wait for the lock `name`. */
  waiting(name: string): number;
}

export function testLocks(): TestLocks {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();
  const acquire = (name: string) =>
    new Promise<void>((resolve) => {
      if (!held.has(name)) {
        held.add(name);
        resolve();
      } else queues.set(name, [...(queues.get(name) ?? []), resolve]);
    });
  const release = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  const request = async (
    name: string,
    optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
    maybeCallback?: LockGrantedCallback<unknown>,
  ): Promise<unknown> => {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback)!;
    if (options.ifAvailable && held.has(name)) return callback(null);
    await acquire(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      release(name);
    }
  };
  return {
    held,
    waiting: (name) => queues.get(name)?.length ?? 0,
    request: request as LockManager['request'],
    query: async () => ({ held: [], pending: [] }),
  };
}
