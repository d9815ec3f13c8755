/**
 * The cost quote (SPEC §4 Warranty cover rule, §9): labour at GBP 1.50 a minute (120 minutes when
 * no time is recorded), parts at price × quantity, GBP 0 for covered WARRANTY work. The numbers
 * come from calculateQuote; 'Generate Quote' shows the breakdown, brings it into view and
 * announces the total. The breakdown says one thing: the total, and why (quoteReason).
 */
import { Button, DataList, Separator, Stack, Text } from '@chakra-ui/react';
import { forwardRef, useEffect, useRef, useState } from 'react';
import type { ServiceNotes } from '../../../domain/entities';
import { ticketQuote } from '../../../domain/service-report';
import { formatCurrency } from '../../../domain/format';
import { DEFAULT_QUOTE_MINUTES, LABOR_RATE_PER_MINUTE, type Quote } from '../../../domain/quote';
import type { Warranty } from '../../../domain/warranty';
import { toaster } from '../../../components/toaster';
import { WORK_TYPE_LABELS } from '../../../domain/labels';

interface QuotePanelProps {
  notes: ServiceNotes | null;
  warranty: Warranty;
  now: Date;
}

export function QuotePanel({ notes, warranty, now }: QuotePanelProps) {
  // How many times Generate Quote was pressed: each press brings the breakdown into view.
  const [generated, setGenerated] = useState(0);
  const breakdown = useRef<HTMLDivElement>(null);
  const quote = ticketQuote(notes, warranty, now);

  useEffect(() => {
    // Centred, so a tablet's 768 px shows all of it and the toast at the bottom covers none of it.
    if (generated > 0) breakdown.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [generated]);

  const generate = () => {
    setGenerated((n) => n + 1);
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
      {generated > 0 ? (
        <QuoteBreakdown ref={breakdown} quote={quote} timeSpent={notes?.timeSpent} />
      ) : null}
    </Stack>
  );
}

/** The one sentence that says what is charged and why (SPEC §4 cover rule, the work type chosen). */
export function quoteReason(quote: Quote): string {
  switch (quote.basis) {
    case 'COVERED_WARRANTY_WORK':
      return 'Warranty work on a chair whose warranty is active: the warranty covers it, so there is nothing to charge.';
    case 'WARRANTY_NOT_ACTIVATED':
      return "The work type is Warranty, but this chair's warranty was never activated, so it is not covered: labor and parts are charged.";
    case 'WARRANTY_EXPIRED':
      return "The work type is Warranty, but this chair's warranty has expired, so it is not covered: labor and parts are charged.";
    case 'DAMAGE':
      return 'Damage is never covered by the warranty: labor and parts are charged.';
    case 'OUT_OF_WARRANTY':
      return quote.covered
        ? "The work type is Out of warranty, so labor and parts are charged even though the chair's warranty is active. If this is warranty work, choose Warranty in Service Notes."
        : 'The work type is Out of warranty: labor and parts are charged.';
  }
}

function laborHint(quote: Quote, timeSpent: number | null | undefined): string {
  const rate = `${quote.minutes} min × ${formatCurrency(LABOR_RATE_PER_MINUTE)}/min`;
  if (!quote.minutesAssumed) return rate;
  const why = timeSpent === 0 ? '0 min entered counts as no time recorded' : 'no time recorded';
  return `${rate} (${why}: ${DEFAULT_QUOTE_MINUTES} min assumed)`;
}

const QuoteBreakdown = forwardRef<
  HTMLDivElement,
  { quote: Quote; timeSpent: number | null | undefined }
>(function QuoteBreakdown({ quote, timeSpent }, ref) {
  const free = quote.basis === 'COVERED_WARRANTY_WORK';
  return (
    <Stack
      ref={ref}
      gap="3"
      w="full"
      borderWidth="1px"
      rounded="md"
      p="4"
      aria-label="Quote breakdown"
      role="region"
    >
      <Stack direction="row" justify="space-between" align="baseline" gap="3" wrap="wrap">
        <Text fontWeight="semibold">{free ? 'No charge' : 'Customer total'}</Text>
        <Text fontWeight="bold" fontSize="2xl">
          {formatCurrency(quote.total)}
        </Text>
      </Stack>
      <Text fontSize="sm">{quoteReason(quote)}</Text>
      <Separator />
      <DataList.Root orientation="horizontal" size="md" gap="2">
        <Row label="Work type" value={WORK_TYPE_LABELS[quote.workType]} />
        <Row label="Labor" value={formatCurrency(quote.labor)} hint={laborHint(quote, timeSpent)} />
        <Row label="Parts" value={formatCurrency(quote.parts)} />
      </DataList.Root>
      {free ? (
        <Text fontSize="sm" color="fg.muted">
          Labor and parts are shown at what they would cost; the warranty pays them.
        </Text>
      ) : null}
    </Stack>
  );
});

function Row({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
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
