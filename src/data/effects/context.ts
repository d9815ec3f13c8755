/**
 * What a local effect receives: the row store, the mutation's parsed args, and the author and
 * time of the mutation (effects never read the clock, so a rebase replays them identically).
 */
import type { MutationArgs, MutationName } from '../../domain/mutations';
import type { LocalStore } from '../local-store';

export interface EffectContext {
  userId: string;
  /** When the mutation was made (ISO). */
  now: string;
}

export type Effect<N extends MutationName> = (
  store: LocalStore,
  args: MutationArgs<N>,
  ctx: EffectContext,
) => Promise<void>;

export type EffectMap<K extends MutationName> = { [N in K]: Effect<N> };

/** The display name of a user in the mirror, for conflict messages. */
export async function nameOf(store: LocalStore, userId: string | null): Promise<string> {
  if (!userId) return 'Unknown Engineer';
  const user = await store.get('users', userId);
  return user?.name?.trim() || 'Unknown Engineer';
}
