import { z } from 'zod';
import { IsoDateSchema } from './attendance';
import { UuidSchema } from './common';

/** The ranges the Stats screen offers; `custom` takes `from` and `to` (inclusive company days). */
export const STATS_RANGES = ['last28', 'lastMonth', 'lastYear', 'custom'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
/** The longest range a request may ask for, in days (5 years). */
export const STATS_MAX_DAYS = 5 * 366;
/** The bars of "Completion by policy": the least complete policies, a chart still readable. */
export const STATS_MAX_POLICIES = 25;

/**
 * Every KPI, in the order the screen shows them. One KPI is one definition (docs/stats.md, the
 * `stats.kpi.<key>` help string) and one SQL aggregate in `stats.repository.ts`.
 */
export const STATS_KPIS = [
  'headcountStart',
  'headcountEnd',
  'joiners',
  'leavers',
  'turnover',
  'attendanceRate',
  'latenessRate',
  'avgWorkedHours',
  'overtimeHours',
  'absenceRate',
  'timeOffDays',
  'policyCompletion',
  'overdueAcknowledgements',
  'certificationsValid',
] as const;
export type StatsKpiKey = (typeof STATS_KPIS)[number];
export const STATS_KPI_UNITS: Record<StatsKpiKey, 'count' | 'percent' | 'hours'> = {
  headcountStart: 'count',
  headcountEnd: 'count',
  joiners: 'count',
  leavers: 'count',
  turnover: 'percent',
  attendanceRate: 'percent',
  latenessRate: 'percent',
  avgWorkedHours: 'hours',
  overtimeHours: 'hours',
  absenceRate: 'percent',
  timeOffDays: 'count',
  policyCompletion: 'percent',
  overdueAcknowledgements: 'count',
  certificationsValid: 'percent',
};

const dayDiff = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const StatsQuerySchema = z
  .object({
    range: z.enum(STATS_RANGES, { message: 'invalid' }).default('last28'),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    team: UuidSchema.optional(),
    department: UuidSchema.optional(),
  })
  .strict()
  .superRefine((q, c) => {
    if (q.range !== 'custom') return;
    if (!q.from) c.addIssue({ code: 'custom', message: 'required', path: ['from'] });
    if (!q.to) c.addIssue({ code: 'custom', message: 'required', path: ['to'] });
    if (!q.from || !q.to) return;
    if (q.from > q.to) c.addIssue({ code: 'custom', message: 'dateOrder', path: ['to'] });
    else if (dayDiff(q.from, q.to) + 1 > STATS_MAX_DAYS)
      c.addIssue({ code: 'custom', message: 'rangeTooLong', path: ['to'] });
  });
export type StatsQuery = z.input<typeof StatsQuerySchema>;

export const StatsPeriodSchema = z.object({ from: z.string(), to: z.string() });
export const StatsKpiSchema = z.object({
  key: z.enum(STATS_KPIS),
  unit: z.enum(['count', 'percent', 'hours']),
  /** null when the KPI has no denominator in the period (e.g. no scheduled day). */
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** value − previous, in the KPI's unit (percentage points for rates); null if either is null. */
  change: z.number().nullable(),
});
export type StatsKpi = z.infer<typeof StatsKpiSchema>;

export const StatsAnswerSchema = z.object({
  timeZone: z.string(),
  /** The company's today (`YYYY-MM-DD`): a custom range may not start after it. */
  today: z.string(),
  period: StatsPeriodSchema,
  previousPeriod: StatsPeriodSchema,
  kpis: z.array(StatsKpiSchema),
  /** Headcount at the end of each day (at most ~60 points: sampled evenly on long ranges, last day always). */
  headcount: z.array(z.object({ date: z.string(), headcount: z.number().int() })),
  /** Per company week (starting on the company's week start) inside the period. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      attendanceRate: z.number().nullable(),
      latenessRate: z.number().nullable(),
    }),
  ),
  /** ISO weekday 1 (Monday) … 7: late days over present scheduled days. */
  weekdays: z.array(
    z.object({
      weekday: z.number().int(),
      present: z.number().int(),
      late: z.number().int(),
      latenessRate: z.number().nullable(),
    }),
  ),
  /** Approved time off starting in the period, by type (days or hours, as the type counts). */
  timeOff: z.array(
    z.object({
      typeUuid: UuidSchema,
      name: z.string(),
      color: z.string(),
      unit: z.enum(['days', 'hours']),
      amount: z.number(),
    }),
  ),
  /**
   * Completion by policy at the period's end (the policies with someone to acknowledge them then),
   * the least complete first: at most STATS_MAX_POLICIES. Their sums are the Policy completion KPI's.
   */
  policies: z.array(
    z.object({
      policyUuid: UuidSchema,
      title: z.string(),
      assigned: z.number().int(),
      acknowledged: z.number().int(),
      overdue: z.number().int(),
      completion: z.number().nullable(),
    }),
  ),
});
export type StatsAnswer = z.infer<typeof StatsAnswerSchema>;
