/** The heading every screen opens with: its title and an optional line of introduction. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ScreenHeading({
  title,
  intro,
  actions,
}: {
  title: string;
  intro?: string;
  actions?: ReactNode;
}) {
  return (
    <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" mb="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {intro ? <Text color="fg.muted">{intro}</Text> : null}
      </Stack>
      {actions}
    </Stack>
  );
}
