import { ActionIcon, Badge, Group, Paper, Skeleton, Text, Tooltip } from '@mantine/core';
import type { StatsKpi } from '@wac/shared/schemas/stats';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** Rates where a rise is bad (the badge turns red when they go up). */
const WORSE_WHEN_UP = new Set(['leavers', 'turnover', 'latenessRate', 'absenceRate', 'overtimeHours']);

/** One KPI: its value, its change against the previous period and its definition in a tooltip. */
export function KpiCard({ kpi }: { kpi: StatsKpi | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!kpi) return <Skeleton h={96} radius="md" />;
  const show = (v: number) =>
    kpi.unit === 'percent' ? f.percent(v) : kpi.unit === 'hours' ? f.decimal(v, 1) : f.number(v);
  const showChange = (v: number) =>
    kpi.unit === 'percent'
      ? // A count of points, in the plural its language gives it (Arabic "3 نقاط", not "3 نقطة").
        t('admin:stats.points', { count: Math.round(Math.abs(v) * 10) / 10 })
      : kpi.unit === 'hours'
        ? f.decimal(Math.abs(v), 1)
        : f.number(Math.abs(v));
  // The change as the badge writes it (rates and hours to one decimal): a change of -0.03 hours is
  // "No change", not a red "▼ 0".
  const c = kpi.change === null ? null : kpi.unit === 'count' ? kpi.change : Math.round(kpi.change * 10) / 10;
  const up = c !== null && c > 0;
  const down = c !== null && c < 0;
  const bad = (up && WORSE_WHEN_UP.has(kpi.key)) || (down && !WORSE_WHEN_UP.has(kpi.key));
  const label = t(`admin:stats.kpi.${kpi.key}`);
  const definition = t(`admin:stats.help.${kpi.key}`);
  return (
    <Paper className="card" p="md" radius="md" data-testid={`kpi-${kpi.key}`}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {/* In place, not in a portal: shown on focus, the definition stays inside the main landmark (axe region). */}
        <Tooltip
          label={definition}
          multiline
          w={260}
          withArrow
          withinPortal={false}
          events={{ hover: true, focus: true, touch: true }}
        >
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray"
            aria-label={t('admin:stats.definitionOf', { kpi: label })}
          >
            <IconInfoCircle size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text fw={700} size="xl" className="stat-value" data-testid={`kpi-${kpi.key}-value`}>
        {kpi.value === null ? '—' : show(kpi.value)}
      </Text>
      <Badge
        variant="filled"
        color={c === null || (!up && !down) ? 'gray.7' : bad ? 'red.9' : 'teal.9'}
        title={t('admin:stats.previousValue', { value: kpi.previous === null ? '—' : show(kpi.previous) })}
      >
        {c === null
          ? t('admin:stats.noComparison')
          : up
            ? t('admin:stats.up', { value: showChange(c) })
            : down
              ? t('admin:stats.down', { value: showChange(c) })
              : t('admin:stats.same')}
      </Badge>
    </Paper>
  );
}
