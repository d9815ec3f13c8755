import { useDeferredValue } from 'react';

/**
 * `value`, its changes drawn at low priority: the first value that is not `undefined` (a query's
 * first result) is drawn at once, like any state, so a screen's content is not held back; each
 * later one is drawn by a background render React splits into short steps between input and
 * paint (useDeferredValue), so a big screen drawn again while a sync lands rows behind it never
 * holds the main thread. Use plain useDeferredValue where the first result may wait too.
 */
export function useDeferredUpdates<T>(value: T): T {
  const deferred = useDeferredValue(value);
  return deferred === undefined ? value : deferred;
}
