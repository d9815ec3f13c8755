/**
 * A summary card: a label, a big number (or other value) and an optional line of detail. With a
 * value it is a description list (the label a term, value and detail its descriptions); without
 * one, the label is a plain heading line over the card's content, so no term stands alone.
 */
import { Card, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  help,
  children,
}: {
  label: string;
  value?: ReactNode;
  help?: string;
  /** Extra content under the value (badges, a short list). */
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm" variant="outline" h="full">
      <Card.Body gap="2">
        {value !== undefined ? (
          <Stat.Root>
            <Stat.Label fontSize="sm">{label}</Stat.Label>
            <Stat.ValueText fontSize="3xl">{value}</Stat.ValueText>
            {help ? (
              <Stat.HelpText as="dd" color="fg.muted">
                {help}
              </Stat.HelpText>
            ) : null}
          </Stat.Root>
        ) : (
          <>
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            {help ? (
              <Text fontSize="sm" color="fg.muted">
                {help}
              </Text>
            ) : null}
          </>
        )}
        {children}
      </Card.Body>
    </Card.Root>
  );
}
