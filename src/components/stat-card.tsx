/** A summary card: a label, a big number (or other value) and an optional line of detail. */
import { Card, Stat } from '@chakra-ui/react';
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
        <Stat.Root>
          <Stat.Label fontSize="sm">{label}</Stat.Label>
          {value !== undefined ? <Stat.ValueText fontSize="3xl">{value}</Stat.ValueText> : null}
          {help ? <Stat.HelpText color="fg.muted">{help}</Stat.HelpText> : null}
        </Stat.Root>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
