import { Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { HistogramBinDto } from '../../../api/tools-api';
import { axisLabel, groupedDigits } from '../chart-labels';
import classes from './tools.module.css';

const BAR = 10;
const HEIGHT = 100;

/** The distribution of every number generated (the server bins them all, not just the preview), in plain SVG. */
export function HistogramChart({ bins, total }: { bins: HistogramBinDto[]; total: number }) {
  if (bins.length === 0) return null;
  const highest = Math.max(1, ...bins.map((bin) => bin.count));
  const singleValues = bins.every((bin) => bin.from === bin.to);
  const range = (bin: HistogramBinDto) => (bin.from === bin.to ? groupedDigits(bin.from) : `${groupedDigits(bin.from)} to ${groupedDigits(bin.to)}`);
  const summary = `Bar chart of how the ${groupedDigits(total)} numbers spread over ${bins.length} ${singleValues ? 'values' : 'equal ranges'} from ${groupedDigits(bins[0].from)} to ${groupedDigits(bins[bins.length - 1].to)}; the fullest holds ${groupedDigits(highest)}.`;
  return (
    <figure className={classes.chart}>
      <Stack gap={4} mb="sm">
        <Text fw={700} component="figcaption">
          How the numbers are spread
        </Text>
        <Text size="sm" c="gray.8">
          {singleValues ? 'How often each value came up.' : `How many numbers fell in each twentieth of the range.`} The whole result counts, not just the numbers shown.
        </Text>
      </Stack>
      <div className={classes.plot}>
        <div className={classes.yAxis} aria-hidden>
          <span>{groupedDigits(highest)}</span>
          <span>0</span>
        </div>
        <svg className={classes.bars} viewBox={`0 0 ${bins.length * BAR} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
          {bins.map((bin, i) => {
            const height = (bin.count / highest) * (HEIGHT - 2);
            return (
              <rect key={bin.from} className={classes.bar} x={i * BAR + 1} width={BAR - 2} y={HEIGHT - height} height={height}>
                <title>{`${range(bin)}: ${groupedDigits(bin.count)}`}</title>
              </rect>
            );
          })}
        </svg>
        <span />
        {singleValues ? (
          <div className={classes.xAxisEach} style={{ gridTemplateColumns: `repeat(${bins.length}, 1fr)` }} aria-hidden>
            {bins.map((bin) => (
              <span key={bin.from}>{axisLabel(bin.from)}</span>
            ))}
          </div>
        ) : (
          <div className={classes.xAxis} aria-hidden>
            <span>{axisLabel(bins[0].from)}</span>
            <span>{axisLabel(bins[bins.length - 1].to)}</span>
          </div>
        )}
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Numbers per range</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Range</Table.Th>
              <Table.Th scope="col">Numbers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bins.map((bin) => (
              <Table.Tr key={bin.from}>
                <Table.Td>{range(bin)}</Table.Td>
                <Table.Td>{groupedDigits(bin.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
