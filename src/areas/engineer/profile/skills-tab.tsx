/** My Profile, Skills & Certifications tab (SPEC §2, §9 Certification). */
import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { CertificationBadges } from '../../../components/status-badges';
import type { Certification, User } from '../../../domain/entities';
import { formatDate } from '../../../domain/format';

function BadgeList({ items, empty }: { items: string[] | undefined; empty: string }) {
  if (!items || items.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Flex gap="2" wrap="wrap">
      {items.map((item) => (
        <Badge key={item} size="lg" variant="outline">
          {item}
        </Badge>
      ))}
    </Flex>
  );
}

function CertificationCard({ certification, now }: { certification: Certification; now: Date }) {
  return (
    <Card.Root as="article" aria-label={certification.name} variant="subtle" size="sm">
      <Card.Body gap="2">
        <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Stack gap="0.5" minW="0">
            <Heading as="h4" size="sm">
              {certification.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {certification.issuer}
            </Text>
          </Stack>
          <Flex gap="2" wrap="wrap">
            <CertificationBadges certification={certification} now={now} />
          </Flex>
        </Flex>
        <Flex gap={{ base: '1', md: '5' }} direction={{ base: 'column', md: 'row' }} fontSize="sm">
          <Text>Obtained: {formatDate(certification.dateObtained)}</Text>
          {certification.expiryDate ? (
            <Text>Expires: {formatDate(certification.expiryDate)}</Text>
          ) : null}
          {certification.certificateNumber ? (
            <Text>Certificate #: {certification.certificateNumber}</Text>
          ) : null}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

export function SkillsTab({ user, now }: { user: User; now: Date }) {
  const engineer = user.engineer ?? {};
  const certifications = engineer.certifications ?? [];
  return (
    <Stack gap="4">
      <Card.Root variant="outline">
        <Card.Body gap="5">
          <Stack gap="2">
            <Heading as="h3" size="md">
              Technical Skills
            </Heading>
            <BadgeList items={engineer.skillSets} empty="No skills listed" />
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="md">
              Areas of Expertise
            </Heading>
            <BadgeList items={engineer.specializations} empty="No specializations listed" />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h3" size="md">
            Certifications
          </Heading>
          {certifications.length === 0 ? (
            <Text color="fg.muted">No certifications found</Text>
          ) : (
            certifications.map((certification) => (
              <CertificationCard
                key={`${certification.name}-${certification.dateObtained}`}
                certification={certification}
                now={now}
              />
            ))
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
