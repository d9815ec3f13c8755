/**
 * The rows of a chairs import as a table: row number, serial, model and the row's problems (or
 * 'Ready'), a page of 50 at a time with 'Show more' (the kit's useShowMore), so a 5,000-row file
 * renders no more than a page. Chakra's table scroll area keeps every cell on one line; these
 * cells wrap instead, so the longest problem (a value outside a model's options lists them all)
 * is read whole in the dialog at every device size, a phone's too (issue 44).
 */
import { Table, Text } from '@chakra-ui/react';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { StatusBadge } from '../../../components/status-badges';
import type { CheckedChairRow } from '../../../domain/chair-import';

export function ImportRowsTable({ rows }: { rows: readonly CheckedChairRow[] }) {
  const page = useShowMore(rows);
  return (
    <>
      {/* A stop for the keyboard, which scrolls it (and the dialog around it) from there. */}
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        tabIndex={0}
        role="region"
        aria-label="Rows of the file"
        focusRing="outside"
      >
        <Table.Root size="sm" aria-label="Rows of the file" whiteSpace="normal">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Row</Table.ColumnHeader>
              <Table.ColumnHeader>Serial Number</Table.ColumnHeader>
              <Table.ColumnHeader>Model</Table.ColumnHeader>
              <Table.ColumnHeader>Problems</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {page.shown.map((row) => (
              <Table.Row key={row.row}>
                <Table.Cell>{row.row}</Table.Cell>
                <Table.Cell>{row.serialNumber}</Table.Cell>
                <Table.Cell>{row.model}</Table.Cell>
                <Table.Cell overflowWrap="anywhere">
                  {row.problems.length === 0 ? (
                    <StatusBadge label="Ready" palette="green" />
                  ) : (
                    row.problems.map((problem) => (
                      <Text key={problem} color="fg.error" fontSize="sm">
                        {problem}
                      </Text>
                    ))
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ShowMoreButton shown={page.shown.length} total={page.total} onMore={page.more} />
    </>
  );
}
