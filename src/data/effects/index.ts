/**
 * Every mutation's local effect, and the runner the actions and the rebase share. An effect is a
 * deterministic function of the rows, the args, the author and the mutation's own time, so
 * re-running it on a newer server row (rebase) gives the same intent on fresh data.
 */
import { mutationArgSchemas, type MutationName } from '../../domain/mutations';
import type { EffectRunner } from '../local-store';
import { adminEffects } from './admin';
import type { Effect, EffectMap } from './context';
import { equipmentEffects } from './equipment';
import { partRequestEffects } from './part-requests';
import { serviceRequestEffects } from './service-requests';
import { ticketEffects } from './tickets';
import { userDirectoryEffects } from './user-directory';

export const effects: EffectMap<MutationName> = {
  ...ticketEffects,
  ...serviceRequestEffects,
  ...equipmentEffects,
  ...partRequestEffects,
  ...adminEffects,
  ...userDirectoryEffects,
};

export const runEffect: EffectRunner = async (store, entry) => {
  const args: unknown = mutationArgSchemas[entry.name].parse(entry.args);
  const effect = effects[entry.name] as Effect<MutationName>;
  await effect(store, args as never, { userId: entry.userId, now: entry.createdAt });
};
