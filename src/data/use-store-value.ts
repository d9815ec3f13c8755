import { startTransition, useEffect, useState } from 'react';

/**
 * The current value of a store outside React (the sync engine's status, who is online, a shared
 * query's result, the equipment index), each change drawn at a transition's priority: React draws
 * it in short steps it yields between, and a key typed meanwhile is handled first.
 *
 * Not useSyncExternalStore: it draws each change at once, in one task, and a change that comes
 * while React draws a low-priority render reading the store (a returning user's home arriving, a
 * live query's rows) makes React throw that render away and draw it all again in one blocking
 * task. A start's sync status changes several times while its home is drawn.
 *
 * `subscribe` and `get` name the store: keep them stable (useCallback) while it is the same one.
 * `subscribe` calls its listener on each change and returns how to stop.
 */
export function useStoreValue<T>(subscribe: (onChange: () => void) => () => void, get: () => T): T {
  const [seen, setSeen] = useState(() => ({ get, value: get() }));
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setSeen((previous) => {
          const value = get();
          return previous.get === get && Object.is(previous.value, value)
            ? previous
            : { get, value };
        }),
      );
    const unsubscribe = subscribe(update);
    // A change between the render and the subscription.
    update();
    return unsubscribe;
  }, [subscribe, get]);
  // Another store than the one last seen (a new sign-in): its value now, until its first change.
  return seen.get === get ? seen.value : get();
}
