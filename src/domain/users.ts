// User rules of the admin and profile mutations (SPEC §5 Add user, profiles; §6 ADMIN): the row an
// admin's Add user creates, what a profile update changes, and the admin's limits on their own
// account. Pure. src/data/effects apply these; user_create, profile_update, user_delete and
// user_set_role (SQL) apply the same (tests/integration/mutation-parity.test.ts).
import type { EngineerDetails, Practice, User } from './entities';
import type { MutationArgs } from './mutations';

export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const CANNOT_CHANGE_OWN_ROLE = 'You cannot change your own role';
export const PRACTICE_ONLY_FOR_CUSTOMERS = 'Only a customer profile has practice details';
export const ENGINEER_DETAILS_ONLY_FOR_ENGINEERS = 'Only an engineer profile has engineer details';

/** Optional text as stored: trimmed, blank means none. */
export function optionalTrimmed(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

type NewUserArgs = MutationArgs<'user.create'>;

/**
 * The directory row Add user creates: e-mail trimmed and lower-cased; a practice only for a
 * customer with a practice name (type DENTAL by default); engineer details only for an engineer
 * with a location, the lists trimmed with blanks dropped.
 */
export function newUserFields(
  args: NewUserArgs,
): Pick<User, 'name' | 'email' | 'role' | 'phone' | 'address' | 'practice' | 'engineer'> {
  const practiceName = optionalTrimmed(args.practice?.name);
  const location = optionalTrimmed(args.engineer?.location);
  const list = (items: string[] | undefined) =>
    (items ?? []).map((item) => item.trim()).filter((item) => item.length > 0);
  return {
    name: args.name.trim(),
    email: args.email.trim().toLowerCase(),
    role: args.role,
    phone: optionalTrimmed(args.phone),
    address: optionalTrimmed(args.address),
    practice:
      args.role === 'CUSTOMER' && practiceName
        ? { name: practiceName, type: args.practice?.type ?? 'DENTAL' }
        : null,
    engineer:
      args.role === 'ENGINEER' && location
        ? {
            location,
            coverageAreas: list(args.engineer?.coverageAreas),
            specializations: list(args.engineer?.specializations),
          }
        : null,
  };
}

type ProfileArgs = MutationArgs<'profile.update'>;

/** A customer's practice as saved: only when a name, address or phone is filled (SPEC §5). */
export function practiceToSave(practice: ProfileArgs['practice']): Practice | null {
  if (!practice) return null;
  const saved = {
    name: optionalTrimmed(practice.name) ?? undefined,
    address: optionalTrimmed(practice.address) ?? undefined,
    phone: optionalTrimmed(practice.phone) ?? undefined,
  };
  if (!saved.name && !saved.address && !saved.phone) return null;
  return { ...saved, type: practice.type ?? 'DENTAL' };
}

/**
 * The user's row after their own profile update, or the refusal: practice details are for
 * customers, engineer details for engineers. Fields left out of args keep their stored values;
 * certifications, availability and metrics are never touched.
 */
export function profileAfterUpdate(user: User, args: ProfileArgs): User | { refusal: string } {
  if (args.practice && user.role !== 'CUSTOMER') return { refusal: PRACTICE_ONLY_FOR_CUSTOMERS };
  if (args.engineer && user.role !== 'ENGINEER') {
    return { refusal: ENGINEER_DETAILS_ONLY_FOR_ENGINEERS };
  }
  let engineer = user.engineer;
  if (args.engineer) {
    const patch: EngineerDetails = {
      location: args.engineer.location,
      coverageAreas: args.engineer.coverageAreas,
      specializations: args.engineer.specializations,
      skillSets: args.engineer.skillSets,
    };
    if ('emergencyPhone' in args.engineer) {
      patch.emergencyPhone = optionalTrimmed(args.engineer.emergencyPhone) ?? undefined;
    }
    engineer = { ...user.engineer, ...patch };
  }
  return {
    ...user,
    name: args.name,
    email: args.email,
    phone: 'phone' in args ? optionalTrimmed(args.phone) : user.phone,
    address: 'address' in args ? optionalTrimmed(args.address) : user.address,
    profilePictureUrl:
      'profilePictureUrl' in args
        ? optionalTrimmed(args.profilePictureUrl)
        : user.profilePictureUrl,
    practice:
      user.role === 'CUSTOMER' && args.practice !== undefined
        ? practiceToSave(args.practice)
        : user.practice,
    engineer,
  };
}

export const USER_EMAIL_TAKEN = 'A user with this email already exists';

/**
 * The directory row after an admin's Edit user (issue 16): name trimmed, e-mail trimmed and
 * lower-cased, phone and address trimmed with blank meaning none (left out: kept). Role, practice
 * and engineer details are not touched. `emailTaken` says whether another live user has the
 * e-mail; the edit is then refused.
 */
export function userAfterEdit(
  user: User,
  args: MutationArgs<'user.update'>,
  emailTaken: boolean,
): User | { refusal: string } {
  if (emailTaken) return { refusal: USER_EMAIL_TAKEN };
  return {
    ...user,
    name: args.name.trim(),
    email: args.email.trim().toLowerCase(),
    phone: 'phone' in args ? optionalTrimmed(args.phone) : user.phone,
    address: 'address' in args ? optionalTrimmed(args.address) : user.address,
  };
}
