/**
 * My Profile (SPEC §2): the engineer's own details in four tabs, with an edit mode for the fields
 * an engineer may change. Certifications, availability and metrics are read-only here.
 */
import { Badge, Button, Card, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMapPin, LuPencil, LuX } from 'react-icons/lu';
import { ProfileEditing, ProfileFrame, UserAvatar } from '../../../components/profile-frame';
import type { User } from '../../../domain/entities';
import { useEngineerProfile } from '../../../data/queries/engineer-work';
import { useChangePassword } from '../../../data/session-context';
import { AvailabilityTab } from './availability-tab';
import { PerformanceTab } from './performance-tab';
import { ProfileForm } from './profile-form';
import { ProfileOverview } from './profile-overview';
import { SkillsTab } from './skills-tab';

function ProfileHeader({ user }: { user: User }) {
  return (
    <Card.Root variant="outline" mb="5">
      <Card.Body>
        <Flex gap="4" align="center" wrap="wrap">
          <UserAvatar user={user} size="2xl" />
          <Stack gap="1" minW="0">
            <Heading as="h2" size="xl">
              {user.name || 'Unnamed engineer'}
            </Heading>
            {user.engineer?.location ? (
              <Flex gap="1.5" align="center" color="fg.muted">
                <LuMapPin aria-hidden />
                <Text>{user.engineer.location}</Text>
              </Flex>
            ) : null}
            <Badge colorPalette="brand" variant="solid" alignSelf="flex-start">
              Field Engineer
            </Badge>
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function ProfileScreen() {
  const profile = useEngineerProfile();
  const changePassword = useChangePassword();
  const [editing, setEditing] = useState(false);
  const now = new Date();
  const user = profile?.user ?? null;

  const toggle = user ? (
    <Button
      variant={editing ? 'outline' : 'solid'}
      colorPalette="brand"
      onClick={() => setEditing((on) => !on)}
    >
      {editing ? <LuX /> : <LuPencil />}
      {editing ? 'Cancel' : 'Edit Profile'}
    </Button>
  ) : null;

  return (
    <ProfileFrame
      title="My Profile"
      user={profile === undefined ? undefined : user}
      notFound="Engineer profile not found"
      editing={editing}
      onEdit={() => setEditing(true)}
      actions={toggle}
    >
      {(user) => (
        <>
          <ProfileHeader user={user} />
          {editing ? (
            <ProfileEditing changePassword={changePassword}>
              <ProfileForm user={user} onDone={() => setEditing(false)} />
            </ProfileEditing>
          ) : (
            <Tabs.Root defaultValue="overview" variant="enclosed" lazyMount>
              <Tabs.List overflowX="auto" maxW="full" whiteSpace="nowrap">
                <Tabs.Trigger value="overview" minH="44px">
                  Overview
                </Tabs.Trigger>
                <Tabs.Trigger value="skills" minH="44px">
                  Skills & Certifications
                </Tabs.Trigger>
                <Tabs.Trigger value="availability" minH="44px">
                  Availability
                </Tabs.Trigger>
                <Tabs.Trigger value="performance" minH="44px">
                  Performance
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="overview">
                <ProfileOverview user={user} />
              </Tabs.Content>
              <Tabs.Content value="skills">
                <SkillsTab user={user} now={now} />
              </Tabs.Content>
              <Tabs.Content value="availability">
                <AvailabilityTab user={user} />
              </Tabs.Content>
              <Tabs.Content value="performance">
                <PerformanceTab
                  user={user}
                  tickets={profile?.tickets ?? []}
                  serviceRequests={profile?.serviceRequests ?? []}
                />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </>
      )}
    </ProfileFrame>
  );
}
