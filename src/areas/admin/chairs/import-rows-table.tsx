/**
 * The rows of a chairs import as a table: row number, serial, model and the row's problems (or
 * 'Ready'), a page of 50 at a time with 'Show more' (the kit's useShowMore), so a 5,000-row file
 * renders no more than a page.
 */
import { Table, Text } from '@chakra-ui/react';
import { ShowMoreButton, useShowMore } from '../../../components/show-more';
import { StatusBadge } from '../../../components/status-badges';
import type { CheckedChairRow } from '../../../domain/chair-import';

export function ImportRowsTable({ rows }: { rows: readonly CheckedChairRow[] }) {
  const page = useShowMore(rows);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label="Rows of the file">
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
                <Table.Cell>
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
