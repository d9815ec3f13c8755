/** My Profile, Availability tab: the weekly schedule, read-only (SPEC §2). */
import { Alert, Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { dayName, formatTime12h } from '../../../domain/certification';
import type { User } from '../../../domain/entities';

export function AvailabilityTab({ user }: { user: User }) {
  const days = [...(user.engineer?.availability ?? [])].sort((a, b) => a.dayOfWeek - b.dayOfWeek);
  return (
    <Stack gap="4">
      <Card.Root variant="outline">
        <Card.Header>
          <Heading as="h3" size="md">
            Weekly Schedule
          </Heading>
        </Card.Header>
        <Card.Body gap="2">
          {days.length === 0 ? (
            <Text color="fg.muted">No availability set</Text>
          ) : (
            days.map((day) => (
              <Flex
                key={day.dayOfWeek}
                role="group"
                aria-label={dayName(day.dayOfWeek)}
                justify="space-between"
                align="center"
                gap="3"
                py="2"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
              >
                <Text fontWeight="semibold" minW="28">
                  {dayName(day.dayOfWeek)}
                </Text>
                <Text flex="1" color={day.isAvailable ? 'fg' : 'fg.muted'}>
                  {day.isAvailable
                    ? `${formatTime12h(day.startTime)} - ${formatTime12h(day.endTime)}`
                    : '—'}
                </Text>
                <Badge colorPalette={day.isAvailable ? 'green' : 'gray'}>
                  {day.isAvailable ? 'Available' : 'Not Available'}
                </Badge>
              </Flex>
            ))
          )}
        </Card.Body>
      </Card.Root>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>
          Availability can't be changed here. To change your schedule, contact your supervisor or
          use the scheduling system.
        </Alert.Description>
      </Alert.Root>
    </Stack>
  );
}
