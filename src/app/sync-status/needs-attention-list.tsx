// The changes the server refused: what they were, why, the user's input, and Retry / Discard.
import { Badge, Button, Card, DataList, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { OutboxEntry } from '../../data/db';
import { changeLabel, describeArgs } from './describe-change';

function NeedsAttentionItem({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry;
  onRetry: (id: string) => Promise<void>;
  onDiscard: (id: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const label = changeLabel(entry.name);
  const lines = describeArgs(entry.args);
  const run = async (kind: 'retry' | 'discard') => {
    setBusy(kind);
    try {
      await (kind === 'retry' ? onRetry : onDiscard)(entry.id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card.Root as="li" size="sm" variant="outline" borderColor="red.muted" aria-label={label}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2">
          <Heading as="h3" size="sm">
            {label}
          </Heading>
          <Text fontSize="xs" color="fg.muted" flexShrink={0}>
            {new Date(entry.createdAt).toLocaleString('en-GB', {
              day: 'numeric',
              month: 'short',
              hour: '2-digit',
              minute: '2-digit',
            })}
          </Text>
        </HStack>
        <Stack gap="1" bg="red.subtle" color="red.fg" rounded="md" px="3" py="2">
          <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase">
            Server&apos;s reason
          </Text>
          <Text fontSize="sm">
            {entry.rejection?.message ?? entry.lastError ?? 'Refused by the server'}
          </Text>
        </Stack>
        {lines.length > 0 ? (
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            {lines.map((line, index) => (
              <DataList.Item key={`${line.label}-${index}`}>
                <DataList.ItemLabel minW="32">{line.label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{line.value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : null}
        <HStack gap="2" justify="flex-end">
          <Button
            variant="outline"
            colorPalette="red"
            loading={busy === 'discard'}
            disabled={busy !== null}
            onClick={() => void run('discard')}
          >
            Discard
          </Button>
          <Button
            colorPalette="brand"
            loading={busy === 'retry'}
            disabled={busy !== null}
            onClick={() => void run('retry')}
          >
            Retry
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export function NeedsAttentionList({
  entries,
  onRetry,
  onDiscard,
}: {
  entries: OutboxEntry[];
  onRetry: (id: string) => Promise<void>;
  onDiscard: (id: string) => Promise<void>;
}) {
  return (
    <Stack gap="3">
      <HStack gap="2">
        <Heading as="h2" size="md">
          Needs attention
        </Heading>
        <Badge colorPalette="red" variant="solid">
          {entries.length}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        The server refused these changes. Your input is kept here: retry once the cause is fixed, or
        discard it.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none">
        {entries.map((entry) => (
          <NeedsAttentionItem
            key={entry.id}
            entry={entry}
            onRetry={onRetry}
            onDiscard={onDiscard}
          />
        ))}
      </Stack>
    </Stack>
  );
}
