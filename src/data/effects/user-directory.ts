/**
 * Local (optimistic) effect of an admin's Edit user (issue 16): contact details of a directory
 * row, the e-mail unique among live users. The rule is the domain's (users.ts userAfterEdit);
 * user_update (SQL, *_admin.sql) applies the same, and tests/integration/mutation-parity.test.ts
 * holds the two together.
 */
import { userAfterEdit } from '../../domain/users';
import { MutationRejected } from '../local-store';
import type { EffectMap } from './context';

export const userDirectoryEffects: EffectMap<'user.update'> = {
  'user.update': async (store, args) => {
    const user = await store.get('users', args.userId);
    if (!user || user.deletedAt) throw new MutationRejected('not_found', 'User not found');
    const email = args.email.trim().toLowerCase();
    // The admin's mirror holds every user; the server checks again.
    const sameEmail = await store.where('users', 'email', email);
    const taken = sameEmail.some((u) => u.id !== user.id && !u.deletedAt);
    const next = userAfterEdit(user, args, taken);
    if ('refusal' in next) throw new MutationRejected('conflict', next.refusal);
    await store.put('users', next);
  },
};
