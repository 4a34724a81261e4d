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
import { type Ctx, forCompany, type TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { departmentExists } from '../departments/departments.service';
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

/** Every KPI of one period (docs/stats.md has the definitions). Attendance counts only days before today. */
async function figuresOf(tx: Tx, ctx: TenantCtx, f: repo.StatsFilter, p: Period, clock: repo.CompanyClock) {
  const people = await repo.peopleFigures(tx, ctx.companyId, f, p.from, p.to);
  const lastDone = addDays(clock.today, -1);
  const [attTo] = [p.to, lastDone].sort() as [string];
  const att =
    attTo >= p.from
      ? await repo.attendanceFigures(tx, ctx.companyId, f, {
          from: p.from,
          to: attTo,
          timeZone: clock.time_zone,
          weekStart: clock.week_start,
        })
      : [];
  const all = att.find((r) => r.grp === 'all');
  const scheduled = all?.scheduled ?? 0;
  const present = all?.present ?? 0;
  const workedDays = all?.worked_days ?? 0;
  const avgHeadcount = (people.headcount_start + people.headcount_end) / 2;
  const timeOff = await repo.timeOffTaken(tx, ctx.companyId, f, p.from, p.to);
  const compliance = await repo.complianceFigures(tx, ctx.companyId, f, p.to);
  const certifications = await repo.certificationFigures(tx, ctx.companyId, f, p.to);
  const figures: Figures = {
    headcountStart: people.headcount_start,
    headcountEnd: people.headcount_end,
    joiners: people.joiners,
    leavers: people.leavers,
    turnover: ratio(people.leavers, avgHeadcount),
    attendanceRate: ratio(present, scheduled),
    latenessRate: ratio(all?.late ?? 0, present),
    avgWorkedHours: workedDays > 0 ? Number(all?.worked_seconds ?? 0) / workedDays / 3600 : null,
    overtimeHours: all && all.member_days > 0 ? Number(all.overtime_seconds) / 3600 : null,
    absenceRate: ratio(scheduled - present, scheduled),
    timeOffDays: timeOff.filter((x) => x.unit === 'days').reduce((sum, x) => sum + x.amount, 0),
    policyCompletion: ratio(compliance.acknowledged, compliance.assigned),
    overdueAcknowledgements: compliance.overdue,
    certificationsValid: ratio(certifications.valid, certifications.assigned),
  };
  return { figures, att, timeOff };
}

export async function stats(ctx: TenantCtx, q: Query): Promise<StatsAnswer> {
  return ctx.run(async (tx) => {
    if (q.team && !(await repo.teamExists(tx, ctx.companyId, q.team)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.team', code: 'invalid' }]);
    if (q.department && !(await departmentExists(tx, ctx.companyId, q.department)))
      throw new AppError('NOT_FOUND', [{ path: 'querystring.department', code: 'invalid' }]);
    const clock = await repo.clock(tx, ctx.companyId);
    if (!clock) throw new AppError('NOT_FOUND');
    const f = { team: q.team, department: q.department };
    const period = periodOf(q, clock.today);
    const previousPeriod = previousOf(period);
    const now = await figuresOf(tx, ctx, f, period, clock);
    const before = await figuresOf(tx, ctx, f, previousPeriod, clock);
    const headcount = await repo.headcountAt(tx, ctx.companyId, f, sampleDays(period));
    return {
      timeZone: clock.time_zone,
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
      weeks: now.att
        .filter((r) => r.grp === 'week')
        .sort((a, b) => (a.week_start ?? '').localeCompare(b.week_start ?? ''))
        .map((r) => ({
          weekStart: r.week_start as string,
          attendanceRate: ratio(r.present, r.scheduled),
          latenessRate: ratio(r.late, r.present),
        })),
      weekdays: [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
        const r = now.att.find((x) => x.grp === 'weekday' && x.weekday === weekday);
        return {
          weekday,
          present: r?.present ?? 0,
          late: r?.late ?? 0,
          latenessRate: r ? ratio(r.late, r.present) : null,
        };
      }),
      timeOff: now.timeOff.map((x) => ({
        typeUuid: x.type_id,
        name: x.name,
        color: x.color,
        unit: x.unit,
        amount: x.amount,
      })),
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
 * Answers the member-days written.
 */
export async function rebuild(
  ctx: TenantCtx,
  opts: {
    batchRows?: number;
    onBatch?: (b: { from: string; to: string; memberDays: number; ms: number }) => void;
  } = {},
) {
  const target = opts.batchRows ?? REBUILD_BATCH_ROWS;
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
  return total;
}

/** The rebuild of every company, one transaction each; answers companies and member-days written. */
export async function rebuildAll(ctx: Ctx) {
  const ids = await ctx.system((tx) => repo.companyIds(tx));
  let memberDays = 0;
  for (const id of ids) memberDays += await rebuild(forCompany(ctx, id));
  return { companies: ids.length, memberDays };
}
