/**
 * Customer Profile (SPEC §2): view and edit modes with personal, practice and account
 * information; 'Customer profile not found' when the mirror has no row for the user.
 */
import { Card, DataList, Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ProfileEditing, ProfileFrame, ProfileIdentity } from '../../../components/profile-frame';
import { useMyProfile } from '../../../data/queries/customer';
import { useChangePassword } from '../../../data/session-context';
import type { User } from '../../../domain/entities';
import { formatDate } from '../../../domain/format';
import { PRACTICE_TYPE_LABELS } from '../../../domain/labels';
import { ProfileForm } from './profile-form';

function Section({
  title,
  items,
}: {
  title: string;
  items: [string, string | null | undefined][];
}) {
  return (
    <Card.Root as="section" aria-label={title} variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root>
          {items.map(([label, value]) => (
            <DataList.Item
              key={label}
              flexDirection={{ base: 'column', md: 'row' }}
              alignItems={{ base: 'flex-start', md: 'center' }}
            >
              <DataList.ItemLabel minW={{ md: '40' }}>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value || 'Not provided'}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function ProfileView({ user }: { user: User }) {
  const practice = user.practice;
  return (
    <Stack gap="4">
      <Section
        title="Personal Information"
        items={[
          ['Name', user.name],
          ['Email', user.email],
          ['Phone', user.phone],
          ['Address', user.address],
        ]}
      />
      <Section
        title="Practice Information"
        items={
          practice
            ? [
                ['Practice name', practice.name],
                ['Type', practice.type ? PRACTICE_TYPE_LABELS[practice.type] : null],
                ['Address', practice.address],
                ['Phone', practice.phone],
              ]
            : [['Practice', 'No practice']]
        }
      />
      <Section
        title="Account Information"
        items={[
          ['Role', 'Customer'],
          ['Member since', formatDate(user.createdAt)],
        ]}
      />
    </Stack>
  );
}

export function ProfileScreen() {
  const user = useMyProfile();
  const changePassword = useChangePassword();
  const [editing, setEditing] = useState(false);
  return (
    <ProfileFrame
      title="Profile"
      user={user}
      notFound="Customer profile not found"
      editing={editing}
      onEdit={() => setEditing(true)}
    >
      {(user) => (
        <Stack gap="4">
          <ProfileIdentity user={user} />
          {editing ? (
            <ProfileEditing changePassword={changePassword}>
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            </ProfileEditing>
          ) : (
            <ProfileView user={user} />
          )}
        </Stack>
      )}
    </ProfileFrame>
  );
}
