import {
  STATS_KPI_UNITS,
  STATS_KPIS,
  type StatsAnswer,
  type StatsKpiKey,
  type StatsQuerySchema,
} from '@wac/shared/schemas/stats';
import { addDays, daysBetween } from '@wac/shared/zoned-time';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { concurrently, type Ctx, forCompany, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { groupBy } from '../../lib/group';
import { completionByPolicy } from './compliance-figures';
import { dayRows } from './day-rows';
import { keptCertificationFigures } from './kept-certifications';
import { departmentExists } from '../departments/departments.service';
import type { PolicyFigures } from './stats-compliance.repository';
import * as pointInTime from './stats-compliance.repository';
import * as days from './stats-days.repository';
import * as repo from './stats.repository';

type Query = z.output<typeof StatsQuerySchema>;
export interface Period {
  from: string;
  to: string;
}

/**
 * The period a range names, in company days (both ends included): the 28 days ending today, the
 * previous calendar month, the 365 days ending today, or the custom dates.
 */
export function periodOf(q: Pick<Query, 'range' | 'from' | 'to'>, today: string): Period {
  switch (q.range) {
    case 'lastMonth': {
      const firstOfThis = `${today.slice(0, 8)}01`;
      const to = addDays(firstOfThis, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
    case 'lastYear':
      return { from: addDays(today, -364), to: today };
    case 'custom':
      return { from: q.from as string, to: q.to as string };
    default:
      return { from: addDays(today, -27), to: today };
  }
}

/** The period of the same length that ends the day before. */
export function previousOf(p: Period): Period {
  const n = daysBetween(p.from, p.to) + 1;
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

/** At most ~60 evenly spaced days of a period, its last day always included. */
export function sampleDays(p: Period) {
  const n = daysBetween(p.from, p.to) + 1;
  const step = Math.max(1, Math.ceil(n / 60));
  const out: string[] = [];
  for (let i = 0; i < n; i += step) out.push(addDays(p.from, i));
  if (out[out.length - 1] !== p.to) out.push(p.to);
  return out;
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b) * 100 : null);
type Figures = Record<StatsKpiKey, number | null>;

/** The attendance sums of some day rows (a period, a week, a weekday). */
function sumDays(ds: days.DayFigures[]) {
  const out = { member_days: 0, scheduled: 0, present: 0, late: 0, came: 0, worked_seconds: 0, overtime_seconds: 0 };
  for (const d of ds) {
    out.member_days += d.member_days;
    out.scheduled += d.scheduled;
    out.present += d.present;
    out.late += d.late;
    out.came += d.came;
    out.worked_seconds += d.worked_seconds;
    out.overtime_seconds += d.overtime_seconds;
  }
  return out;
}

/**
 * Every KPI of the period and of the one before it (docs/stats.md has the definitions), from the day
 * aggregates: one day-row statement for both (they are adjacent), then time off, policies and
 * certifications each in one statement for both. Attendance counts only days before today.
 */
async function figuresOf(
  tx: Tx,
  ctx: TenantCtx,
  f: repo.StatsFilter,
  periods: [Period, Period],
  clock: repo.CompanyClock,
) {
  const [current, previous] = periods;
  const lastDone = addDays(clock.today, -1);
  const [attTo] = [current.to, lastDone].sort() as [string];
  const ends: [string, string] = [current.to, previous.to];
  const noPolicies = async () => ends.map(() => ({ assigned: 0, acknowledged: 0, overdue: 0, policies: [] }));
  const noCertificationTypes = async () => ends.map(() => ({ assigned: 0, valid: 0 }));
  // Four reads of one snapshot, side by side: one round trip for their statements, not four.
  const [allRows, timeOff, compliance, certifications] = await concurrently(tx, [
    () =>
      dayRows(
        tx,
        ctx.companyId,
        f,
        { from: previous.from, to: current.to, attTo: attTo >= previous.from ? attTo : addDays(previous.from, -1) },
        clock,
      ),
    () => days.timeOffTaken(tx, ctx.companyId, f, periods),
    // Policy figures at both ends: running sums of the kept series (decision 031).
    clock.has_policies ? () => pointInTime.seriesFigures(tx, ctx.companyId, f, ends) : noPolicies,
    clock.has_certification_types
      ? () => keptCertificationFigures(tx, ctx.companyId, f, ends, clock)
      : noCertificationTypes,
  ] as const);
  return periods.map((p, i) => {
    const dayRows = allRows.filter((d) => d.day >= p.from && d.day <= p.to);
    const first = dayRows[0];
    const last = dayRows[dayRows.length - 1];
    const people = {
      headcount_start: first?.day === p.from ? first.employed : 0,
      headcount_end: last?.day === p.to ? last.employed : 0,
      joiners: dayRows.reduce((n, d) => n + d.joined, 0),
      leavers: dayRows.reduce((n, d) => n + d.left, 0),
    };
    const att = dayRows.filter((d) => d.day <= attTo);
    const all = sumDays(att);
    const avgHeadcount = (people.headcount_start + people.headcount_end) / 2;
    const took = timeOff[i] ?? [];
    const policies = compliance[i] ?? { assigned: 0, acknowledged: 0, overdue: 0, policies: [] };
    const certs = certifications[i] ?? { assigned: 0, valid: 0 };
    const figures: Figures = {
      headcountStart: people.headcount_start,
      headcountEnd: people.headcount_end,
      joiners: people.joiners,
      leavers: people.leavers,
      turnover: ratio(people.leavers, avgHeadcount),
      attendanceRate: ratio(all.present, all.scheduled),
      latenessRate: ratio(all.late, all.present),
      avgWorkedHours: all.came > 0 ? all.worked_seconds / all.came / 3600 : null,
      overtimeHours: all.member_days > 0 ? all.overtime_seconds / 3600 : null,
      absenceRate: ratio(all.scheduled - all.present, all.scheduled),
      timeOffDays: took.filter((x) => x.unit === 'days').reduce((sum, x) => sum + x.amount, 0),
      policyCompletion: ratio(policies.acknowledged, policies.assigned),
      overdueAcknowledgements: policies.overdue,
      certificationsValid: ratio(certs.valid, certs.assigned),
    };
    return { figures, att, dayRows, timeOff: took, policies: policies.policies };
  }) as [PeriodFigures, PeriodFigures];
}
type PeriodFigures = {
  figures: Figures;
  att: days.DayFigures[];
  dayRows: days.DayFigures[];
  timeOff: repo.TimeOffTaken[];
  policies: PolicyFigures[];
};

export async function stats(ctx: TenantCtx, q: Query): Promise<StatsAnswer> {
  return ctx.run(async (tx) => {
    if (q.team && !(await repo.teamExists(tx, ctx.companyId, q.team)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.team', code: 'invalid' }]);
    if (q.department && !(await departmentExists(tx, ctx.companyId, q.department)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.department', code: 'invalid' }]);
    const clock = await repo.clock(tx, ctx.companyId);
    if (!clock) throw new AppError('NOT_FOUND');
    // A range that starts after the company's today has no figure yet: refused, said at its first day
    // (the schema refuses what it can judge alone; "today" is the company's, known only here).
    if (q.range === 'custom' && q.from && q.from > clock.today)
      throw new AppError('VALIDATION_FAILED', [{ path: 'querystring.from', code: 'rangeInFuture' }]);
    const f = { team: q.team, department: q.department };
    const period = periodOf(q, clock.today);
    const previousPeriod = previousOf(period);
    const [now, before] = await figuresOf(tx, ctx, f, [period, previousPeriod], clock);
    const employed = new Map(now.dayRows.map((d) => [d.day, d.employed]));
    const headcount = sampleDays(period).map((date) => ({ date, headcount: employed.get(date) ?? 0 }));
    return {
      timeZone: clock.time_zone,
      today: clock.today,
      period,
      previousPeriod,
      kpis: STATS_KPIS.map((key) => {
        const value = now.figures[key];
        const previous = before.figures[key];
        return {
          key,
          unit: STATS_KPI_UNITS[key],
          value,
          previous,
          change: value === null || previous === null ? null : value - previous,
        };
      }),
      headcount,
      weeks: [
        ...groupBy(
          now.att.filter((d) => d.member_days > 0),
          (d) => d.week_start,
        ),
      ]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([weekStart, ds]) => {
          const w = sumDays(ds);
          return { weekStart, attendanceRate: ratio(w.present, w.scheduled), latenessRate: ratio(w.late, w.present) };
        }),
      weekdays: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
        const ds = now.att.filter((d) => d.weekday === weekday && d.member_days > 0);
        const w = sumDays(ds);
        return { weekday, present: w.present, late: w.late, latenessRate: ds.length ? ratio(w.late, w.present) : null };
      }),
      timeOff: now.timeOff.map((x) => ({
        typeUuid: x.type_id,
        name: x.name,
        color: x.color,
        unit: x.unit,
        amount: x.amount,
      })),
      policies: completionByPolicy(now.policies),
    };
  });
}

/** Member-days a batch of the rebuild aims at (one transaction each). */
const REBUILD_BATCH_ROWS = 100_000;

/**
 * Recomputes the company's aggregates from scratch (`npm run stats:rebuild`), in batches of days, one
 * transaction each (bounded: a 10 M-entry company is not one giant transaction). A batch starts at
 * one day and its length follows the member-days the last one wrote, towards `batchRows` a batch (at
 * most 31 days). Between batches the aggregates are consistent: each batch replaces its days whole.
 * Then the day aggregates (decision 024) are derived again from those member-days, in batches of
 * people. Answers the member-days written.
 */
export async function rebuild(
  ctx: TenantCtx,
  opts: {
    batchRows?: number;
    onBatch?: (b: { from: string; to: string; memberDays: number; ms: number }) => void;
    /** People a batch of the day aggregates' rebuild derives. */
    members?: number;
  } = {},
) {
  const target = opts.batchRows ?? REBUILD_BATCH_ROWS;
  // The day board's members per assigned schedule (one statement: a row per assignment).
  await ctx.run((tx) => repo.rebuildScheduleMembers(tx, ctx.companyId));
  const span = await ctx.run((tx) => repo.rebuildSpan(tx, ctx.companyId));
  if (!span) return 0;
  let total = 0;
  let days = 1;
  for (let from = span.from; from <= span.to; ) {
    const end = addDays(from, days - 1);
    // biome-ignore lint/complexity/useMathMinMax: ISO dates, compared as strings
    const to = end < span.to ? end : span.to;
    const t0 = performance.now();
    const n = await ctx.run((tx) => repo.rebuildDays(tx, ctx.companyId, from, to));
    opts.onBatch?.({ from, to, memberDays: n, ms: performance.now() - t0 });
    total += n;
    const perDay = n / (daysBetween(from, to) + 1);
    days = Math.max(1, Math.min(31, perDay > 0 ? Math.floor(target / perDay) : days * 2));
    from = addDays(to, 1);
  }
  await rebuildAggregates(ctx, opts.members);
  return total;
}

/** The day aggregates' part of the rebuild (the member-days are already right). */
export async function rebuildAggregates(ctx: TenantCtx, batch = 2000, progress?: (members: number) => void) {
  await ctx.run((tx) => days.resetAggregates(tx, ctx.companyId));
  let after: string | null = null;
  let members = 0;
  for (;;) {
    const ids: string[] = await ctx.run((tx) => days.memberIds(tx, ctx.companyId, after, batch));
    if (!ids.length) break;
    await ctx.run((tx) => days.refreshMembers(tx, ctx.companyId, ids, false));
    members += ids.length;
    progress?.(members);
    after = ids[ids.length - 1] as string;
  }
  const span = await ctx.run((tx) => days.factDays(tx, ctx.companyId));
  for (let from = span.first; from && span.last && from <= span.last; from = addDays(from, 31)) {
    const start = from;
    await ctx.run((tx) => days.rebuildSums(tx, ctx.companyId, start, addDays(start, 30)));
  }
  await ctx.run((tx) => days.rebuildSpans(tx, ctx.companyId));
}

/** The rebuild of every company, one after the other; answers companies and member-days written. */
export async function rebuildAll(ctx: Ctx) {
  const ids = await ctx.system((tx) => repo.companyIds(tx));
  let memberDays = 0;
  for (const id of ids) memberDays += await rebuild(forCompany(ctx, id));
  return { companies: ids.length, memberDays };
}
