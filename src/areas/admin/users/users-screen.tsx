/**
 * Users (SPEC §2 Admin routes, §6 ADMIN): search by name, e-mail or role; the add-user dialog; a
 * list with role badges, a role change, Edit (issue 16: it works) and Delete behind a
 * confirmation. An admin cannot delete
 * or re-role their own account (the domain refuses it; the controls are disabled here).
 */
import { Button, Card, Flex, HStack, NativeSelect, Stack, Text, Wrap } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LuUserPlus, LuUsers } from 'react-icons/lu';
import { EditDeleteButtons, useDeleteConfirmation } from '../../../components/delete-confirmation';
import type { CsvExport } from '../../../components/export-csv-button';
import { ScreenHeading } from '../../../components/screen-heading';
import { SearchableList } from '../../../components/searchable-list';
import { RoleBadge } from '../../../components/status-badges';
import { useAdminUsers } from '../../../data/queries/admin';
import { useCurrentUser } from '../../../data/session-context';
import { useAction } from '../../../data/use-action';
import { userSearchFields } from '../../../domain/admin-users';
import type { User } from '../../../domain/entities';
import { formatDate } from '../../../domain/format';
import { isoDay } from '../../../domain/csv-cells';
import { PRACTICE_TYPE_LABELS, ROLE_LABELS, roleLabel } from '../../../domain/labels';
import { ROLES, type Role } from '../../../domain/schemas/common';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';

const displayName = (user: User) => user.name?.trim() || user.email || 'Unnamed user';

export function UsersScreen() {
  const me = useCurrentUser();
  const users = useAdminUsers();
  const location = useLocation();
  // The overview's 'Add New User' opens the dialog on arrival.
  const [adding, setAdding] = useState(
    (location.state as { addUser?: boolean } | null)?.addUser === true,
  );
  const [editing, setEditing] = useState<User | null>(null);
  const emails = useMemo(
    () => new Set((users ?? []).flatMap((u) => (u.email ? [u.email.toLowerCase()] : []))),
    [users],
  );
  const { run, busy } = useAction();
  const deletion = useDeleteConfirmation<User>({
    title: 'Delete user',
    nameOf: displayName,
    remove: (user) =>
      run(
        'user.delete',
        { userId: user.id },
        { success: { title: 'User deleted successfully' }, failure: 'Failed to delete user' },
      ),
    busy,
  });
  const { ask } = deletion;
  const renderUser = useCallback(
    (user: User) => (
      <UserCard
        user={user}
        self={user.id === me.id}
        onEdit={() => setEditing(user)}
        onDelete={() => ask(user)}
      />
    ),
    [me.id, ask],
  );

  return (
    <Stack gap="5">
      <ScreenHeading
        title="Users"
        intro="Manage customer, engineer, vendor and administrator accounts."
        actions={
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            <LuUserPlus aria-hidden /> Add User
          </Button>
        }
      />
      <SearchableList
        items={users}
        loadingLabel="Loading users…"
        searchLabel="Search users"
        searchPlaceholder="Search by name, email or role..."
        searchFields={userSearchFields}
        listLabel="Users"
        csv={usersCsv}
        itemKey={userKey}
        renderItem={renderUser}
        empty={{
          icon: <LuUsers />,
          title: 'No users found',
          noMatch: 'No user matches your search.',
          none: 'No user matches your search.',
        }}
      />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} existingEmails={emails} />
      {editing ? (
        <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}

const userKey = (user: User) => user.id;

const usersCsv: CsvExport<User> = {
  name: 'users',
  columns: [
    { header: 'Name', value: (u) => u.name },
    { header: 'Email', value: (u) => u.email },
    { header: 'Role', value: (u) => roleLabel(u.role) },
    { header: 'Phone', value: (u) => u.phone },
    { header: 'Address', value: (u) => u.address },
    { header: 'Practice', value: (u) => u.practice?.name },
    {
      header: 'Practice Type',
      value: (u) => (u.practice?.type ? PRACTICE_TYPE_LABELS[u.practice.type] : ''),
    },
    { header: 'Location', value: (u) => u.engineer?.location },
    { header: 'Joined', value: (u) => isoDay(u.createdAt) },
  ],
};

function UserCard({
  user,
  self,
  onEdit,
  onDelete,
}: {
  user: User;
  self: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { run, busy } = useAction();
  const name = displayName(user);

  const changeRole = (role: Role) =>
    void run(
      'user.setRole',
      { userId: user.id, role },
      {
        success: { title: `Role changed to ${ROLE_LABELS[role]}` },
        failure: 'Failed to change role',
      },
    );

  return (
    <Card.Root as="article" aria-label={name} size="sm" variant="outline">
      <Card.Body>
        <Flex
          gap="3"
          justify="space-between"
          align={{ md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0">
            <Wrap gap="2" align="center">
              <Text as="h3" fontWeight="semibold" fontSize="lg">
                {name}
              </Text>
              {/* The role once: a badge where it cannot change (their own), else the dropdown. */}
              {self ? <RoleBadge role={user.role} /> : null}
              {self ? (
                <Text fontSize="sm" color="fg.muted">
                  (you)
                </Text>
              ) : null}
            </Wrap>
            <Wrap columnGap="4" rowGap="1" fontSize="sm" color="fg.muted">
              <Text>{user.email ?? 'No email'}</Text>
              {user.phone ? <Text>{user.phone}</Text> : null}
              {user.practice?.name ? <Text>{user.practice.name}</Text> : null}
              {user.engineer?.location ? <Text>{user.engineer.location}</Text> : null}
              <Text>Joined {formatDate(user.createdAt)}</Text>
            </Wrap>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            {self ? null : (
              <NativeSelect.Root size="sm" width="40" disabled={busy}>
                <NativeSelect.Field
                  aria-label={`Role of ${name}`}
                  value={user.role}
                  onChange={(event) => changeRole(event.target.value as Role)}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
            <EditDeleteButtons
              name={name}
              onEdit={onEdit}
              onDelete={onDelete}
              deleteDisabled={self}
            />
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
