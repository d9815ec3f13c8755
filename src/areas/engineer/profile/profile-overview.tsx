/** My Profile, Overview tab: who I am, how to reach me, and where and what I cover. */
import { Badge, Box, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { User } from '../../../domain/entities';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box fontWeight="medium">{children}</Box>
    </Stack>
  );
}

function Tags({ items, empty }: { items: string[] | undefined; empty: string }) {
  if (!items || items.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Flex gap="2" wrap="wrap">
      {items.map((item) => (
        <Badge key={item} size="lg" variant="subtle" colorPalette="brand">
          {item}
        </Badge>
      ))}
    </Flex>
  );
}

export function ProfileOverview({ user }: { user: User }) {
  const engineer = user.engineer ?? {};
  const notSet = 'Not provided';
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h3" size="md">
            Contact Information
          </Heading>
        </Card.Header>
        <Card.Body gap="4">
          <Row label="Name">{user.name || notSet}</Row>
          <Row label="Email">{user.email || notSet}</Row>
          <Row label="Phone">{user.phone || notSet}</Row>
          <Box
            bg="red.subtle"
            borderWidth="1px"
            borderColor="red.muted"
            rounded="md"
            p="3"
            aria-label="Emergency phone"
            role="group"
          >
            <Row label="Emergency Phone">
              <Text color="red.fg" fontWeight="semibold">
                {engineer.emergencyPhone || notSet}
              </Text>
            </Row>
          </Box>
          <Row label="Location">{engineer.location || notSet}</Row>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h3" size="md">
            Service Coverage
          </Heading>
        </Card.Header>
        <Card.Body gap="4">
          <Row label="Primary Location">{engineer.location || notSet}</Row>
          <Row label="Coverage Areas">
            <Tags items={engineer.coverageAreas} empty="No coverage areas" />
          </Row>
          <Row label="Specializations">
            <Tags items={engineer.specializations} empty="No specializations" />
          </Row>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
