// Admin user rules (SPEC §2 Admin Users, §5 Add user, §6 ADMIN): the add-user form's values as the
// 'user.create' mutation's args (a practice only for a customer with a practice name, engineer
// details only for an engineer with a location, lists split on commas), and the users search.
// Pure; the Users screen and its tests use these.
import type { User } from './entities';
import type { MutationArgs } from './mutations';
import type { AddUserInput } from './schemas/admin.schema';
import { splitList } from './schemas/profile.schema';
import { matchesSearch } from './search';

const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

/** The add-user form as the mutation's args (the id is the client's new UUID). */
export function addUserArgs(id: string, values: AddUserInput): MutationArgs<'user.create'> {
  const practiceName = blankToUndefined(values.practiceName);
  const location = blankToUndefined(values.location);
  return {
    id,
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role,
    phone: blankToUndefined(values.phone),
    address: blankToUndefined(values.address),
    practice:
      values.role === 'CUSTOMER' && practiceName
        ? { name: practiceName, type: values.practiceType ?? 'DENTAL' }
        : undefined,
    engineer:
      values.role === 'ENGINEER' && location
        ? {
            location,
            coverageAreas: splitList(values.coverageAreas ?? ''),
            specializations: splitList(values.specializations ?? ''),
          }
        : undefined,
  };
}

/** The Users search: name, e-mail or role. */
export function matchesUser(user: Pick<User, 'name' | 'email' | 'role'>, search: string): boolean {
  return matchesSearch(search, userSearchFields(user));
}

/** The fields the Users search looks in (the list keeps them as one text per user). */
export function userSearchFields(user: Pick<User, 'name' | 'email' | 'role'>) {
  return [user.name, user.email, user.role];
}
