/**
 * A bar chart where a person would rather look than read (issue 16): one bar per row, coloured by
 * its palette, with the targets drawn as reference lines. Accessible: the figure is named by its
 * title, the drawing is hidden from screen readers and the same figures are a table they read
 * (visually hidden). The charts library (recharts through @chakra-ui/charts) is loaded only when a
 * chart is shown, so no other route pays for it; the table is there at once. A chart whose
 * figures are still being read (`data` null) keeps its title and says it is loading. Drawn again
 * only when its props change: a screen that follows the mirror re-renders with every page a sync
 * commits, and drawing the same bars again is a long task on the main thread.
 */
import { Box, Heading, Skeleton, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { lazy, memo, Suspense, useId } from 'react';
import { LoadingState } from './loading-state';

export interface BarDatum {
  /** The bar's name (an engineer), on the category axis and the table's first column. */
  label: string;
  /** null: no figure to draw (no bar, not a bar of 0); `text` says why, e.g. 'No data yet'. */
  value: number | null;
  /** A colour palette ('red', 'orange', 'green', 'brand', 'gray'): light and dark mode alike. */
  palette: string;
  /** The value in words for the table, e.g. '4.5 h (Excellent)'. */
  text: string;
}

export interface BarReference {
  value: number;
  /** Said under the chart, e.g. 'Target 6 h'; the line itself is marked with its value. */
  label: string;
}

export interface BarChartFigureProps {
  title: string;
  /** The table's value column, e.g. 'Active tickets'. */
  valueLabel: string;
  /** The bars; null while they are being read (the figure says 'Loading figures…'). */
  data: readonly BarDatum[] | null;
  references?: readonly BarReference[];
  /** The value axis's upper bound (e.g. 100 for a percentage); else from the data. */
  max?: number;
  /** A unit after axis ticks, e.g. '%' or ' h'. */
  unit?: string;
}

/**
 * Fetches the chart's code (a screen with a chart calls it as it mounts, so the code comes while
 * its figures are read, not after them: a vendor's home on a new device waited for it).
 */
export const preloadBarChart = () => import('./charts/bar-chart-canvas');
const BarChartCanvas = lazy(preloadBarChart);

/** Rows' height: the chart grows with the number of bars (horizontal bars, one per row). */
const ROW_PX = 28;

export const BarChartFigure = memo(function BarChartFigure(props: BarChartFigureProps) {
  const { title, valueLabel, data, references = [] } = props;
  const titleId = useId();
  const height = Math.max(160, (data?.length ?? 0) * ROW_PX + 56);
  return (
    <Box as="figure" aria-labelledby={titleId} m="0">
      <Heading as="h3" size="sm" id={titleId} mb="2">
        {title}
      </Heading>
      {data === null ? (
        <Box h={`${height}px`}>
          <LoadingState label="Loading figures…" />
        </Box>
      ) : data.length === 0 ? (
        <Text color="fg.muted">No figures yet</Text>
      ) : (
        <>
          <Box aria-hidden h={`${height}px`}>
            <Suspense fallback={<Skeleton h="full" rounded="md" />}>
              <BarChartCanvas {...props} data={data} />
            </Suspense>
          </Box>
          <VisuallyHidden>
            <Table.Root size="sm">
              <Table.Caption>{title}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>{valueLabel}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((row) => (
                  <Table.Row key={row.label}>
                    <Table.Cell>{row.label}</Table.Cell>
                    <Table.Cell>{row.text}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </VisuallyHidden>
        </>
      )}
      {references.length > 0 ? (
        <Text as="figcaption" fontSize="sm" color="fg.muted" mt="1">
          {references.map((r) => r.label).join(' · ')}
        </Text>
      ) : null}
    </Box>
  );
});
