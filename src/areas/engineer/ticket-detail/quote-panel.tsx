/**
 * The cost quote (SPEC §4 Warranty cover rule, §9): labour at GBP 1.50 a minute (120 minutes when
 * no time is recorded), parts at price × quantity, GBP 0 for covered WARRANTY work. The numbers
 * come from calculateQuote; 'Generate Quote' shows the breakdown and announces the total.
 */
import { Badge, Button, DataList, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ServiceNotes } from '../../../domain/entities';
import { formatCurrency } from '../../../domain/format';
import { calculateQuote, LABOR_RATE_PER_MINUTE, type Quote } from '../../../domain/quote';
import type { Warranty } from '../../../domain/warranty';
import { toaster } from '../../../components/toaster';
import { WORK_TYPE_LABELS } from '../../../domain/labels';

export function ticketQuote(notes: ServiceNotes | null, warranty: Warranty, now: Date): Quote {
  return calculateQuote(
    {
      timeSpent: notes?.timeSpent,
      workType: notes?.workType,
      parts: (notes?.partsUsed ?? []).map((line) => ({
        price: line.price ?? 0,
        quantity: line.quantity,
      })),
      warranty,
    },
    now,
  );
}

interface QuotePanelProps {
  notes: ServiceNotes | null;
  warranty: Warranty;
  now: Date;
}

export function QuotePanel({ notes, warranty, now }: QuotePanelProps) {
  const [shown, setShown] = useState(false);
  const quote = ticketQuote(notes, warranty, now);

  const generate = () => {
    setShown(true);
    toaster.create({
      type: 'success',
      title: `Quote Generated: ${formatCurrency(quote.total)}`,
      description: `Labor: ${formatCurrency(quote.labor)}, Parts: ${formatCurrency(quote.parts)}`,
    });
  };

  return (
    <Stack gap="3" align="start">
      <Button colorPalette="brand" onClick={generate}>
        Generate Quote
      </Button>
      {shown ? <QuoteBreakdown quote={quote} timeRecorded={Boolean(notes?.timeSpent)} /> : null}
    </Stack>
  );
}

function QuoteBreakdown({ quote, timeRecorded }: { quote: Quote; timeRecorded: boolean }) {
  const workType = WORK_TYPE_LABELS[quote.workType];
  const free = quote.total === 0 && quote.workType === 'WARRANTY';
  return (
    <Stack
      gap="3"
      w="full"
      borderWidth="1px"
      rounded="md"
      p="4"
      aria-label="Quote breakdown"
      role="region"
    >
      <DataList.Root orientation="horizontal" size="md" gap="2">
        <Row
          label="Labor"
          value={formatCurrency(quote.labor)}
          hint={`${quote.minutes} min × ${formatCurrency(LABOR_RATE_PER_MINUTE)}/min${
            timeRecorded ? '' : ' (no time recorded: 120 min assumed)'
          }`}
        />
        <Row label="Parts" value={formatCurrency(quote.parts)} />
        <Row label="Work type" value={workType ?? quote.workType} />
        <DataList.Item>
          <DataList.ItemLabel minW="32">Warranty cover</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={quote.covered ? 'green' : 'gray'} variant="subtle">
              {quote.covered ? 'Covered' : 'Not covered'}
            </Badge>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Separator />
      <Stack direction="row" justify="space-between" align="baseline">
        <Text fontWeight="semibold">Customer total</Text>
        <Text fontWeight="bold" fontSize="2xl">
          {formatCurrency(quote.total)}
        </Text>
      </Stack>
      {free ? (
        <Text fontSize="sm" color="fg.muted">
          Warranty work on a covered chair: nothing to charge.
        </Text>
      ) : null}
    </Stack>
  );
}

function Row({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <Stack gap="0">
          <Text>{value}</Text>
          {hint ? (
            <Text fontSize="xs" color="fg.muted">
              {hint}
            </Text>
          ) : null}
        </Stack>
      </DataList.ItemValue>
    </DataList.Item>
  );
}
