/**
 * Every engineer's figures, live, for the vendor's screens: the counts as soon as they are read
 * and the resolution hours when they are (engineer-figures.ts reads both). Both reads are shared
 * between the vendor's screens (useSharedMirror) and follow the mirror each on its own; a read that
 * changes no figure keeps the last result (keepingSame): the screens do not render again for it.
 */
import { useMemo, useState } from 'react';
import { loadedWorkloads, type EngineerWorkload, type PendingWorkload } from '../../domain/vendor';
import { loadEngineerCounts, loadResolutionHours, withHours } from './engineer-figures';
import { keepingSame, useSharedMirror } from './shared-mirror';

const engineerCounts = keepingSame(loadEngineerCounts);
const resolutionHours = keepingSame(loadResolutionHours);

/**
 * Every engineer's figures as soon as the counts are read, each resolution time undefined until
 * the hours are (Field Engineers shows its cards meanwhile). Both reads are shared between the
 * vendor's screens and follow the mirror each on its own, so after a write the counts may be a
 * moment ahead of the hours.
 */
export function usePendingWorkloads(): PendingWorkload[] | undefined {
  const counts = useSharedMirror('vendor.engineerCounts', engineerCounts);
  const hours = useSharedMirror('vendor.resolutionHours', resolutionHours);
  return useMemo(() => (counts ? withHours(counts, hours) : undefined), [counts, hours]);
}

/**
 * Every engineer's whole figures once both parts are read (the Operations Center's). After a write
 * the counts may be read a moment before the hours (a new engineer has none yet): the last whole
 * figures stay meanwhile, so the screen never goes back to loading while a sync fills the mirror.
 */
export function useEngineerWorkloads(): EngineerWorkload[] | undefined {
  const pending = usePendingWorkloads();
  const whole = useMemo(() => (pending ? loadedWorkloads(pending) : null), [pending]);
  const [kept, setKept] = useState<EngineerWorkload[] | undefined>(undefined);
  // The last whole figures, kept from render to render (React's pattern for a value that
  // depends on earlier renders: set during render, rendered again at once).
  if (whole && whole !== kept) setKept(whole);
  return whole ?? kept;
}
