/**
 * The admin's and the vendor's profile (SPEC §2 Admin and Vendor Profile, §4 Profile pages, §5
 * Admin and vendor profile): view and edit modes over the same fields (name, e-mail, phone,
 * address, picture URL), an access card ('Full System Access' / 'Full Operations Access') with
 * its privileges and notes, and the not-found state. Presentational: the screen saves through
 * `onSave` (its useAction run) and says whether the change was recorded.
 */
import { ChangePasswordCard } from './change-password-card';
import { Card, DataList, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuShieldCheck } from 'react-icons/lu';
import type { User } from '../domain/entities';
import { formatDate } from '../domain/format';
import { adminProfileSchema, type AdminProfileInput } from '../domain/schemas/profile.schema';
import { ProfileFrame, ProfileIdentity } from './profile-frame';
import { ProfileEditForm, UserFields } from './user-fields';

export interface StaffAccess {
  /** 'Full System Access' or 'Full Operations Access'. */
  title: string;
  privileges: string[];
  notes: string[];
}

const values = (user: User): AdminProfileInput => ({
  name: user.name ?? '',
  email: user.email ?? '',
  phone: user.phone ?? '',
  address: user.address ?? '',
  profilePictureUrl: user.profilePictureUrl ?? '',
});

export function StaffProfile({
  title,
  user,
  notFound,
  access,
  onSave,
  changePassword,
}: {
  title: string;
  /** undefined while loading, null when the mirror has no row. */
  user: User | null | undefined;
  /** 'Admin profile not found' / 'Vendor profile not found'. */
  notFound: string;
  access: StaffAccess;
  onSave: (values: AdminProfileInput) => Promise<boolean>;
  /** The session's password change (useChangePassword); offered while editing. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileFrame
      title={title}
      user={user}
      notFound={notFound}
      editing={editing}
      onEdit={() => setEditing(true)}
    >
      {(user) => (
        <Stack gap="4">
          <ProfileIdentity user={user} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
            <Card.Root variant="outline">
              <Card.Body>
                {editing ? (
                  <StaffProfileForm user={user} onSave={onSave} onDone={() => setEditing(false)} />
                ) : (
                  <ProfileDetails user={user} />
                )}
              </Card.Body>
            </Card.Root>
            <AccessCard access={access} />
          </SimpleGrid>
          {editing ? <ChangePasswordCard changePassword={changePassword} /> : null}
        </Stack>
      )}
    </ProfileFrame>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const items: [string, string | null][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Phone', user.phone],
    ['Address', user.address],
    ['Member since', formatDate(user.createdAt)],
  ];
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        Personal Information
      </Heading>
      <DataList.Root orientation="horizontal">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value || 'Not provided'}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Stack>
  );
}

function AccessCard({ access }: { access: StaffAccess }) {
  return (
    <Card.Root as="section" aria-label="Access" variant="outline">
      <Card.Header>
        <Flex gap="2" align="center">
          <LuShieldCheck aria-hidden />
          <Heading as="h2" size="md">
            {access.title}
          </Heading>
        </Flex>
      </Card.Header>
      <Card.Body gap="3">
        <List.Root ps="5">
          {access.privileges.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List.Root>
        {access.notes.map((note) => (
          <Text key={note} fontSize="sm" color="fg.muted">
            {note}
          </Text>
        ))}
      </Card.Body>
    </Card.Root>
  );
}

function StaffProfileForm({
  user,
  onSave,
  onDone,
}: {
  user: User;
  onSave: (values: AdminProfileInput) => Promise<boolean>;
  onDone: () => void;
}) {
  const stored = values(user);
  const form = useForm<AdminProfileInput, unknown, AdminProfileInput>({
    resolver: zodResolver(adminProfileSchema),
    defaultValues: stored,
  });
  return (
    <ProfileEditForm form={form} stored={stored} onSave={onSave} onDone={onDone}>
      <UserFields
        form={form}
        schema={adminProfileSchema}
        fields={['name', 'email', 'phone', 'address', 'profilePictureUrl']}
      />
    </ProfileEditForm>
  );
}
