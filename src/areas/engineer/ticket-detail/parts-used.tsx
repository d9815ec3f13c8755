/**
 * Parts used on the service record (SPEC §3 ServiceNotes.partsUsed, §4 Part condition, §5 Add
 * part): pick a part from the catalogue, a quantity (an invalid entry becomes 1) and a condition
 * (NEW by default); add or remove lines. Each line has its own client id so removal is exact.
 */
import {
  Button,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import type { Part, PartUsed } from '../../../domain/entities';
import { FormField } from '../../../components/form-field';
import { showActionError, useAction } from '../../../data/use-action';
import { formatCurrency } from '../../../domain/format';
import { PART_CONDITION_LABELS } from '../../../domain/labels';
import {
  addPartToServiceRecordSchema,
  PART_CONDITIONS,
  type PartCondition,
} from '../../../domain/schemas/ticket.schema';

function partOption(part: Part): string {
  const code = part.partCode ? ` (${part.partCode})` : '';
  return `${part.name}${code} – ${formatCurrency(part.price)} – ${part.stock} in stock`;
}

export function AddPartForm({ ticketId, parts }: { ticketId: string; parts: Part[] }) {
  const { run, busy } = useAction();
  const [partId, setPartId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [condition, setCondition] = useState<PartCondition>('NEW');

  const add = async () => {
    const parsed = addPartToServiceRecordSchema.safeParse({ partId, quantity, condition });
    if (!parsed.success) {
      showActionError(parsed.error);
      return;
    }
    const ok = await run(
      'ticket.addPart',
      { ticketId, lineId: crypto.randomUUID(), ...parsed.data },
      { success: { title: 'Part added to service record' } },
    );
    if (ok) {
      setPartId('');
      setQuantity('1');
      setCondition('NEW');
    }
  };

  return (
    <Stack gap="3">
      <FormField label="Part">
        <NativeSelect.Root size="lg">
          <NativeSelect.Field value={partId} onChange={(event) => setPartId(event.target.value)}>
            <option value="">Select a part</option>
            {parts.map((part) => (
              <option key={part.id} value={part.id}>
                {partOption(part)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" alignItems="end">
        <FormField label="Quantity">
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            size="lg"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </FormField>
        <FormField label="Condition">
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              value={condition}
              onChange={(event) => setCondition(event.target.value as PartCondition)}
            >
              {PART_CONDITIONS.map((value) => (
                <option key={value} value={value}>
                  {PART_CONDITION_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <Button colorPalette="brand" size="lg" loading={busy} onClick={() => void add()}>
          Add Part
        </Button>
      </SimpleGrid>
    </Stack>
  );
}

export function PartsUsedTable({ ticketId, lines }: { ticketId: string; lines: PartUsed[] }) {
  const { run } = useAction();
  if (lines.length === 0) {
    return <Text color="fg.muted">No parts recorded on this ticket yet.</Text>;
  }
  const remove = (line: PartUsed) =>
    void run(
      'ticket.removePart',
      { ticketId, lineId: line.lineId },
      { success: { title: 'Part removed from service record' } },
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Parts used">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Part</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            <Table.ColumnHeader srOnly>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.lineId}>
              <Table.Cell>
                <Text fontWeight="medium">{line.partName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {[line.partCode, PART_CONDITION_LABELS[line.condition]]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
              <Table.Cell textAlign="end">
                {formatCurrency((line.price ?? 0) * line.quantity)}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <IconButton
                  aria-label={`Remove ${line.partName}`}
                  variant="ghost"
                  colorPalette="red"
                  onClick={remove.bind(null, line)}
                >
                  <LuTrash2 />
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
