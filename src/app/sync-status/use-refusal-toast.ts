// STYLE 14: when the server refuses a queued change, the user hears it once, in words, wherever
// they are: one error toast per refusal (or one for several at once) whose action opens the
// 'needs attention' list. Refusals recorded before this screen mounted (an earlier session, a
// reload) are already counted on the sync badge and are not announced again.
import { useEffect, useRef } from 'react';
import { toaster } from '../../components/toaster';
import type { OutboxEntry } from '../../data/db';
import { changeLabel } from './describe-change';

/** The toast for refusals not yet announced: the one refusal in words, or how many. */
export function refusalToast(entries: OutboxEntry[]): { title: string; description: string } {
  const [first] = entries;
  if (entries.length === 1 && first) {
    return {
      title: `${changeLabel(first.name)}: refused by the server`,
      description: first.rejection?.message ?? 'The server refused this change.',
    };
  }
  return {
    title: `${entries.length} changes refused by the server`,
    description: 'Your input is kept: review them to retry or discard.',
  };
}

export function useRefusalToast(needsAttention: OutboxEntry[], openList: () => void): void {
  const since = useRef(Date.now());
  const announced = useRef(new Set<string>());
  useEffect(() => {
    const fresh = needsAttention.filter(
      (entry) =>
        !announced.current.has(entry.id) &&
        Date.parse(entry.rejection?.at ?? entry.createdAt) >= since.current,
    );
    if (fresh.length === 0) return;
    for (const entry of fresh) announced.current.add(entry.id);
    toaster.create({
      type: 'error',
      ...refusalToast(fresh),
      action: { label: 'Review', onClick: openList },
    });
  }, [needsAttention, openList]);
}
