import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconDownload, IconPhoto, IconTable } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvCell } from '@wac/shared/csv';
import { saveBlob } from '../../lib/download';
import { isRtl } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { svgToPng } from '../../lib/svg-png';
import { chartImage } from './chart-image';
import { type Series, SvgChart } from './svg-chart';

interface Props {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  /** The x values as shown (formatted dates, weekday names). */
  labels: string[];
  /** The x values as exported (ISO dates, weekday numbers). */
  keys: string[];
  xLabel: string;
  series: Series[];
  max?: number;
  /** What no value exceeds (100 for a rate); the axis never runs past it. */
  ceiling?: number;
  format: (v: number) => string;
  /** The decimals `format` writes: the CSV rounds its figures to them, as the chart and table show them. */
  decimals: number;
  /** The downloads' name without its extension: the chart and its period ("attendance-by-week-2026-10-01-2026-10-31"). */
  fileName: string;
}

/**
 * The series as CSV: plain numbers (not localised: a dot, no grouping), one row per x value, rounded
 * to the decimals the chart shows (Intl rounds them alike: 7.333… is 7.3 in both, not 7.333333333).
 * Names (an x value may be a time-off type's, chosen by an admin) are cells as every export writes
 * them: formula-guarded and quoted; the numbers stay numbers (a negative one is not a formula).
 */
export function seriesCsv(xLabel: string, keys: string[], series: Series[], decimals: number) {
  const plain = new Intl.NumberFormat('en-US', {
    maximumFractionDigits: decimals,
    useGrouping: false,
    signDisplay: 'negative',
  });
  const head = [xLabel, ...series.map((s) => s.label)].map(csvCell).join(',');
  const body = keys.map((k, i) =>
    [
      csvCell(k),
      ...series.map((s) => {
        const v = s.values[i];
        return v === null || v === undefined ? '' : plain.format(v);
      }),
    ].join(','),
  );
  return `${[head, ...body].join('\n')}\n`;
}

/**
 * A chart with its table alternative: the table is what a screen reader gets (always in the page,
 * visually hidden while the chart shows); the toggle shows it to everyone; the CSV holds the series.
 */
export function ChartCard(p: Props) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const drawn = useRef<HTMLDivElement>(null);
  const exportPng = async () => {
    const chart = drawn.current?.querySelector('svg');
    if (!chart) return;
    try {
      const image = chartImage({
        chart,
        title: p.title,
        legend: p.series.map((s) => ({ label: s.label, color: s.color })),
        rtl: isRtl(i18n.language),
        lang: i18n.language,
      });
      saveBlob(await svgToPng(image), `${p.fileName}.png`);
    } catch {
      notify.danger(t('admin:stats.pngFailed'));
    }
  };
  const captionId = useId();
  const empty = p.labels.length === 0;
  const table = (
    <Table aria-labelledby={captionId} data-testid={`${p.id}-table`} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{p.xLabel}</Table.Th>
          {p.series.map((s) => (
            <Table.Th scope="col" key={s.key}>
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {p.labels.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is a place on the x axis (two may read alike)
          <Table.Tr key={i}>
            <Table.Th scope="row" fw={400}>
              {l}
            </Table.Th>
            {p.series.map((s) => (
              <Table.Td key={s.key}>{s.values[i] === null ? '—' : p.format(s.values[i] as number)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Paper
      className="card"
      p="md"
      radius="md"
      component="section"
      aria-labelledby={captionId}
      data-testid={`chart-${p.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={captionId}>
            {p.title}
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              aria-pressed={asTable}
              leftSection={asTable ? <IconChartBar size={14} /> : <IconTable size={14} />}
              onClick={() => setAsTable((v) => !v)}
              data-testid={`${p.id}-toggle`}
            >
              {asTable ? t('admin:stats.showChart') : t('admin:stats.showTable')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={empty}
              onClick={() =>
                saveBlob(
                  new Blob([seriesCsv(p.xLabel, p.keys, p.series, p.decimals)], { type: 'text/csv' }),
                  `${p.fileName}.csv`,
                )
              }
              data-testid={`${p.id}-csv`}
            >
              {t('admin:stats.csv')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPhoto size={14} />}
              // The image is of the chart: with the table shown there is none to draw.
              disabled={empty || asTable}
              onClick={() => void exportPng()}
              data-testid={`${p.id}-png`}
            >
              {t('admin:stats.png')}
            </Button>
          </Group>
        </Group>
        {empty ? (
          <Text c="dimmed">{t('admin:stats.noData')}</Text>
        ) : asTable ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus
          <div tabIndex={0} style={{ overflowX: 'auto' }}>
            {table}
          </div>
        ) : (
          <>
            <div aria-hidden="true" ref={drawn}>
              <SvgChart
                kind={p.kind}
                labels={p.labels}
                series={p.series}
                max={p.max}
                ceiling={p.ceiling}
                formatY={p.format}
                title={p.title}
              />
            </div>
            <Group gap="md" aria-hidden="true">
              {p.series.map((s) => (
                <Group gap={6} key={s.key}>
                  <span
                    style={{ width: 12, height: 12, borderRadius: 2, background: s.color, display: 'inline-block' }}
                  />
                  <Text size="sm">{s.label}</Text>
                </Group>
              ))}
            </Group>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
