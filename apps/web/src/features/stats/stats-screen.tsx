import {
  Box,
  Group,
  LoadingOverlay,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { STATS_KPIS, STATS_RANGES, type StatsRange } from '@wac/shared/schemas/stats';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { useDepartmentOptions, useTeamOptions } from './api/get-filter-options';
import { useStats } from './api/get-stats';
import { ChartCard } from '../../components/charts/chart-card';
import { CompanyDatePicker } from '../../components/company-date-picker';
import { KpiCard } from './components/kpi-card';
import { intlLocale } from '@wac/shared/intl-locale';

/** Each chart's downloads are named after it (the same in every language) and the period they hold. */
const FILE_NAMES = {
  headcount: 'headcount',
  weeks: 'attendance-and-lateness-by-week',
  weekdays: 'lateness-by-weekday',
  timeOff: 'time-off-by-type',
  policies: 'completion-by-policy',
} as const;
/** `f.percent` writes at most one decimal: the CSVs of rates keep as many. */
const RATE_DECIMALS = 1;

/** Today on the browser's calendar, until the company's today has come with an answer. */
const browserToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

const weekdayName = (language: string, weekday: number) =>
  // 2024-01-01 was a Monday.
  new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );

/** The Stats screen: KPIs against the previous period and three charts, each with a table and CSV. */
export default function StatsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  // The choice is kept in the address (?range=lastMonth&team=…): a reload, Back or a shared link
  // opens the same figures. An unknown range opens the default; a foreign or unknown id is the
  // server's to refuse, as any other.
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: StatsRange =
    asked && (STATS_RANGES as readonly string[]).includes(asked) ? (asked as StatsRange) : 'last28';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const team = params.get('team');
  const department = params.get('department');
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value && !(key === 'range' && value === 'last28')) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const setRange = (v: StatsRange) => setParam('range', v);
  const setFrom = (v: string) => setParam('from', v);
  const setTo = (v: string) => setParam('to', v);
  const setTeam = (v: string | null) => setParam('team', v);
  const setDepartment = (v: string | null) => setParam('department', v);
  const teams = useTeamOptions();
  const departments = useDepartmentOptions();
  const custom = range === 'custom';
  const stats = useStats({
    range,
    from: custom ? from || undefined : undefined,
    to: custom ? to || undefined : undefined,
    team: team ?? undefined,
    department: department ?? undefined,
  });
  const s = stats.data;
  // The figures of the previous choice stay while the new ones load (or while an outage is waited
  // out): covered and marked busy, so a figure is never read as the choice the control now shows.
  // A custom range waiting for its dates asks nothing yet: its period line says what is shown.
  const stale = stats.isPlaceholderData && stats.isFetching;
  // No day after the company's today is offered (the server refuses a range starting after it), and
  // a refused day is said at its field rather than as "Some fields are not valid." above the charts.
  const today = s?.today ?? browserToday();
  const refused = stats.error instanceof ApiError ? stats.error.issues : [];
  const fieldError = (field: 'from' | 'to') => refused.find((i) => i.path === `querystring.${field}`)?.message;
  const day = (d: string) => f.date(`${d}T12:00:00Z`);
  const pct = (v: number) => f.percent(v);
  const fileName = (chart: keyof typeof FILE_NAMES) =>
    s ? `${FILE_NAMES[chart]}-${s.period.from}-${s.period.to}` : FILE_NAMES[chart];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('admin:nav.stats')}
        </Title>
        <Text c="dimmed" data-testid="stats-period">
          {s
            ? t('admin:stats.period', {
                from: day(s.period.from),
                to: day(s.period.to),
                prevFrom: day(s.previousPeriod.from),
                prevTo: day(s.previousPeriod.to),
              })
            : ' '}
        </Text>
      </div>
      <Group align="end" wrap="wrap">
        <SegmentedControl
          aria-label={t('admin:stats.range')}
          value={range}
          onChange={(v) => setRange(v as StatsRange)}
          data={STATS_RANGES.map((r) => ({ value: r, label: t(`admin:stats.ranges.${r}`) }))}
          classNames={{ root: 'wrapping-segments', control: 'wrapping-segment' }}
          data-testid="stats-range"
        />
        {custom && (
          <>
            <CompanyDatePicker
              label={t('admin:stats.from')}
              value={from}
              onChange={setFrom}
              maxDate={today}
              error={fieldError('from')}
              testId="stats-from"
            />
            <CompanyDatePicker
              label={t('admin:stats.to')}
              value={to}
              onChange={setTo}
              minDate={from}
              maxDate={today}
              error={fieldError('to')}
              testId="stats-to"
            />
          </>
        )}
        <Select
          label={t('admin:stats.team')}
          placeholder={t('admin:stats.allTeams')}
          clearable
          searchable
          value={team}
          onChange={setTeam}
          data={(teams.data?.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          data-testid="stats-team"
        />
        <Select
          label={t('admin:stats.department')}
          placeholder={t('admin:stats.allDepartments')}
          clearable
          searchable
          value={department}
          onChange={setDepartment}
          data={(departments.data?.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))}
          data-testid="stats-department"
        />
      </Group>
      {stats.isError && !(custom && (fieldError('from') || fieldError('to'))) && (
        <Paper p="md" className="card" role="alert">
          <Text c="red.9">{(stats.error as Error).message}</Text>
        </Paper>
      )}
      <Box pos="relative" aria-busy={stale} data-testid="stats-figures">
        <LoadingOverlay
          visible={stale}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('admin:table.loading') }}
        />
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} component="section" aria-label={t('admin:stats.kpis')}>
            {STATS_KPIS.map((key) => (
              <KpiCard key={key} kpi={s?.kpis.find((k) => k.key === key)} />
            ))}
          </SimpleGrid>
          {s && (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <ChartCard
                id="headcount"
                kind="line"
                title={t('admin:stats.charts.headcount')}
                xLabel={t('admin:stats.date')}
                labels={s.headcount.map((h) => day(h.date))}
                keys={s.headcount.map((h) => h.date)}
                series={[
                  {
                    key: 'headcount',
                    label: t('admin:stats.kpi.headcountEnd'),
                    color: 'var(--mantine-color-blue-filled)',
                    values: s.headcount.map((h) => h.headcount),
                  },
                ]}
                format={(v) => f.number(Math.round(v))}
                decimals={0}
                fileName={fileName('headcount')}
              />
              <ChartCard
                id="weeks"
                kind="bar"
                title={t('admin:stats.charts.weeks')}
                xLabel={t('admin:stats.weekOf')}
                labels={s.weeks.map((w) => day(w.weekStart))}
                keys={s.weeks.map((w) => w.weekStart)}
                series={[
                  {
                    key: 'attendanceRate',
                    label: t('admin:stats.kpi.attendanceRate'),
                    color: 'var(--mantine-color-teal-filled)',
                    values: s.weeks.map((w) => w.attendanceRate),
                  },
                  {
                    key: 'latenessRate',
                    label: t('admin:stats.kpi.latenessRate'),
                    color: 'var(--mantine-color-orange-filled)',
                    values: s.weeks.map((w) => w.latenessRate),
                  },
                ]}
                max={100}
                format={pct}
                decimals={RATE_DECIMALS}
                fileName={fileName('weeks')}
              />
              <ChartCard
                id="weekdays"
                kind="bar"
                title={t('admin:stats.charts.weekdays')}
                xLabel={t('admin:stats.weekday')}
                labels={s.weekdays.map((w) => weekdayName(f.language, w.weekday))}
                keys={s.weekdays.map((w) => String(w.weekday))}
                series={[
                  {
                    key: 'latenessRate',
                    label: t('admin:stats.kpi.latenessRate'),
                    color: 'var(--mantine-color-orange-filled)',
                    values: s.weekdays.map((w) => w.latenessRate),
                  },
                ]}
                ceiling={100}
                format={pct}
                decimals={RATE_DECIMALS}
                fileName={fileName('weekdays')}
              />
              <ChartCard
                id="timeOff"
                kind="bar"
                title={t('admin:stats.charts.timeOff')}
                xLabel={t('admin:stats.timeOffType')}
                labels={s.timeOff.map((x) => t(`admin:stats.typeIn.${x.unit}`, { name: x.name }))}
                keys={s.timeOff.map((x) => `${x.name} (${x.unit})`)}
                series={[
                  {
                    key: 'amount',
                    label: t('admin:stats.taken'),
                    color: 'var(--mantine-color-grape-filled)',
                    values: s.timeOff.map((x) => x.amount),
                  },
                ]}
                format={(v) => f.decimal(v, 1)}
                decimals={1}
                fileName={fileName('timeOff')}
              />
              <ChartCard
                id="policies"
                kind="bar"
                title={t('admin:stats.charts.policies')}
                xLabel={t('admin:stats.policy')}
                labels={s.policies.map((x) => x.title)}
                keys={s.policies.map((x) => x.title)}
                series={[
                  {
                    key: 'completion',
                    label: t('admin:stats.kpi.policyCompletion'),
                    color: 'var(--mantine-color-indigo-filled)',
                    values: s.policies.map((x) => x.completion),
                  },
                ]}
                ceiling={100}
                format={pct}
                decimals={RATE_DECIMALS}
                fileName={fileName('policies')}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}
