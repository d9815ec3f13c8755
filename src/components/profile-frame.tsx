/**
 * The frame of every profile screen (SPEC §2 Profile pages, §4 view and edit modes): the title
 * with the Edit Profile button while viewing, 'Loading profile…' while the mirror answers, and the
 * role's not-found state ('Customer profile not found', ...) when it has no row for the user. The
 * screen renders the profile itself; `UserAvatar` and `ProfileIdentity` are its picture and name.
 */
import { Avatar, Button, Card, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPencil } from 'react-icons/lu';
import type { User } from '../domain/entities';
import { ChangePasswordCard } from './change-password-card';
import { ListEmptyState } from './empty-state';
import { LoadingState } from './loading-state';
import { ScreenHeading } from './screen-heading';
import { RoleBadge } from './status-badges';

export function ProfileFrame({
  title,
  user,
  notFound,
  editing,
  onEdit,
  actions,
  children,
}: {
  title: string;
  /** undefined while loading, null when the mirror has no row. */
  user: User | null | undefined;
  notFound: string;
  editing: boolean;
  onEdit: () => void;
  /** The heading's own control instead of Edit Profile (the engineer's Edit Profile / Cancel). */
  actions?: ReactNode;
  children: (user: User) => ReactNode;
}) {
  const edit =
    user && !editing ? (
      <Button colorPalette="brand" minH="44px" onClick={onEdit}>
        <LuPencil aria-hidden /> Edit Profile
      </Button>
    ) : null;
  return (
    <>
      <ScreenHeading title={title} actions={actions === undefined ? edit : actions} />
      {user === undefined ? (
        <LoadingState label="Loading profile…" />
      ) : user === null ? (
        <ListEmptyState
          title={notFound}
          description="Your profile has not reached this device yet. It appears once the app syncs."
        />
      ) : (
        children(user)
      )}
    </>
  );
}

/** The user's picture, or their initials without one. */
export function UserAvatar({ user, size }: { user: User; size: 'xl' | '2xl' }) {
  return (
    <Avatar.Root size={size} colorPalette="brand">
      <Avatar.Fallback name={user.name ?? undefined} />
      {user.profilePictureUrl ? (
        <Avatar.Image src={user.profilePictureUrl} alt={user.name ?? 'Profile picture'} />
      ) : null}
    </Avatar.Root>
  );
}

/** Picture, name and role badge at the top of a profile. */
export function ProfileIdentity({ user }: { user: User }) {
  return (
    <Flex gap="4" align="center">
      <UserAvatar user={user} size="xl" />
      <Stack gap="1" align="flex-start">
        <Text fontSize="xl" fontWeight="semibold">
          {user.name}
        </Text>
        <RoleBadge role={user.role} />
      </Stack>
    </Flex>
  );
}

/** Edit mode of a customer's or engineer's profile: the form in a card, then the password change. */
export function ProfileEditing({
  changePassword,
  children,
}: {
  /** The session's password change (useChangePassword). */
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Stack gap="4">
      <Card.Root variant="outline">
        <Card.Body>{children}</Card.Body>
      </Card.Root>
      <ChangePasswordCard changePassword={changePassword} />
    </Stack>
  );
}
