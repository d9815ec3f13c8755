/**
 * The drawing of BarChartFigure (loaded lazily: this module is the only one that imports the
 * charts library). Horizontal bars, one per row, coloured through Chakra's tokens (each
 * palette's mid tone, `focusRing`: a gray bar is neither black nor white) so dark mode follows;
 * dashed reference lines for the targets.
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { BarChartFigureProps } from '../bar-chart-figure';

export default function BarChartCanvas({
  data,
  references = [],
  max,
  unit = '',
}: BarChartFigureProps & { data: NonNullable<BarChartFigureProps['data']> }) {
  const chart = useChart({ data: [...data], series: [{ name: 'value', color: 'brand.solid' }] });
  const tick = { fill: chart.color('fg.muted'), fontSize: 12 };
  return (
    <Chart.Root chart={chart} h="full" w="full">
      {/* recharts 3 draws nothing without a size: `responsive` takes the box's (Chart.Root's).
          No keyboard layer: the drawing is hidden from assistive technology (the table says it). */}
      <BarChart
        responsive
        accessibilityLayer={false}
        style={{ width: '100%', height: '100%' }}
        data={chart.data}
        layout="vertical"
        margin={{ left: 8, right: 24, top: 8 }}
      >
        <CartesianGrid stroke={chart.color('border')} horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={!data.every((row) => row.value === null || Number.isInteger(row.value))}
          domain={[0, max ?? 'auto']}
          tick={tick}
          stroke={chart.color('border')}
          tickFormatter={(value: number) => `${value}${unit}`}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={140}
          tick={tick}
          stroke={chart.color('border')}
          interval={0}
        />
        <Bar dataKey="value" isAnimationActive={false} radius={4} barSize={16}>
          {chart.data.map((row) => (
            <Cell key={row.label} fill={chart.color(`${row.palette}.focusRing`)} />
          ))}
        </Bar>
        {references.map((line) => (
          <ReferenceLine
            key={line.label}
            x={line.value}
            stroke={chart.color('fg.muted')}
            strokeDasharray="4 4"
            label={{
              // Short on the drawing (lines close together); the caption says each in full.
              value: `${line.value}${unit}`,
              position: 'top',
              fill: chart.color('fg.muted'),
              fontSize: 11,
            }}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
