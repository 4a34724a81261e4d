import { addDays, isoWeekday, zonedDate } from '@wac/shared/zoned-time';
import type { Tx } from '../client';
import { addLedgerEntry, createTimeOffRequest, createTimeOffType } from './time-off-factories';

export interface TimeOffDemoInput {
  companyId: string;
  timeZone: string;
  /** Everyone who gets this year's allowance. */
  memberIds: string[];
  /** Dates that are no working day (public holidays). */
  holidays: string[];
  types: Array<{
    name: string;
    color: string;
    yearlyAllowance: number;
    carryOverCap: number | null;
    needsApproval: boolean;
    allowNegative?: boolean;
  }>;
  /** Who took leave earlier this year (approved, in the ledger), by `decidedBy`. */
  pastLeave: Array<{ userId: string; days: number }>;
  decidedBy: string;
  /** A pending request of three working days next month for the first type. */
  pending?: { userId: string };
  /** Approved leave of the first type running now (see `currentLeave`): the day board shows them on leave. */
  current?: { userId: string; startDate: string; endDate: string; amount: number; dates: string[] };
}

/**
 * Leave running today on the company's clock: today and the next working day (Monday to Friday, no
 * holiday), with the working days it takes. The attendance seed keeps its person away on `dates`.
 */
export function currentLeave(timeZone: string, holidays: string[], now = new Date()) {
  const startDate = zonedDate(now, timeZone);
  const working = (d: string) => isoWeekday(d) <= 5 && !holidays.includes(d);
  let endDate = addDays(startDate, 1);
  while (!working(endDate)) endDate = addDays(endDate, 1);
  const dates = [];
  for (let d = startDate; d <= endDate; d = addDays(d, 1)) if (working(d)) dates.push(d);
  return { startDate, endDate, amount: dates.length, dates };
}

/** The first `n` working days (Monday to Friday, no holiday) from `from` on. */
function workingRun(from: string, n: number, holidays: string[]) {
  let d = from;
  while (isoWeekday(d) > 5 || holidays.includes(d)) d = addDays(d, 1);
  const dates = [d];
  while (dates.length < n) {
    d = addDays(d, 1);
    if (isoWeekday(d) <= 5 && !holidays.includes(d)) dates.push(d);
  }
  return { start: dates[0]!, end: dates[dates.length - 1]!, dates };
}

/**
 * The leave earlier this year that `seedTimeOff` approves: one stretch of working days per entry of
 * `pastLeave`, spread over the months before this one, none still running or overlapping the
 * current leave.
 */
function pastLeaveRuns(d: TimeOffDemoInput) {
  const today = zonedDate(new Date(), d.timeZone);
  const year = Number(today.slice(0, 4));
  const runs = [];
  for (const [i, p] of d.pastLeave.entries()) {
    const month = 1 + (i % Math.max(1, Number(today.slice(5, 7)) - 1));
    const run = workingRun(
      `${year}-${String(month).padStart(2, '0')}-${String(3 + ((i * 5) % 20)).padStart(2, '0')}`,
      p.days,
      d.holidays,
    );
    if (run.end >= today || (d.current?.userId === p.userId && run.end >= d.current.startDate)) continue;
    runs.push({ userId: p.userId, ...run });
  }
  return runs;
}

/** Each person's days on the approved leave `seedTimeOff` writes: the attendance seeds keep them away. */
export function leaveDays(d: TimeOffDemoInput) {
  const away = new Map<string, string[]>();
  const add = (userId: string, dates: string[]) => away.set(userId, [...(away.get(userId) ?? []), ...dates]);
  for (const run of pastLeaveRuns(d)) add(run.userId, run.dates);
  if (d.current) add(d.current.userId, d.current.dates);
  return away;
}

/**
 * Time off of a demo company: its types, this year's allowance for everyone (the same grant rows, with
 * the same period key, that the year-boundary job writes), leave taken earlier this year, and
 * optionally one pending request next month.
 */
export async function seedTimeOff(tx: Tx, d: TimeOffDemoInput) {
  const today = zonedDate(new Date(), d.timeZone);
  const year = Number(today.slice(0, 4));
  const types = [];
  for (const t of d.types) types.push(await createTimeOffType(tx, d.companyId, { ...t, accrual: 'yearly' }));
  for (const userId of d.memberIds) {
    for (const t of types) {
      const amount = Number(t.yearlyAllowance);
      if (amount <= 0) continue;
      await addLedgerEntry(tx, d.companyId, {
        userId,
        typeId: t.id,
        kind: 'grant',
        amount,
        effectiveDate: `${year}-01-01`,
        period: String(year),
      });
    }
  }
  const vacation = types[0]!;
  // Earlier this year: spread over the months before this one, one stretch each.
  for (const run of pastLeaveRuns(d)) {
    await createTimeOffRequest(tx, d.companyId, {
      userId: run.userId,
      typeId: vacation.id,
      startDate: run.start,
      endDate: run.end,
      amount: run.dates.length,
      status: 'approved',
      decidedBy: d.decidedBy,
    });
  }
  if (d.current) {
    await createTimeOffRequest(tx, d.companyId, {
      userId: d.current.userId,
      typeId: vacation.id,
      startDate: d.current.startDate,
      endDate: d.current.endDate,
      amount: d.current.amount,
      status: 'approved',
      decidedBy: d.decidedBy,
      note: 'Long weekend',
    });
  }
  if (d.pending) {
    // The second week of next month, Tuesday on: three working days.
    const [y, m] = today.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-08` : `${y}-${String(m + 1).padStart(2, '0')}-08`;
    let start = next;
    while (isoWeekday(start) !== 2) start = addDays(start, 1);
    const run = workingRun(start, 3, d.holidays);
    await createTimeOffRequest(tx, d.companyId, {
      userId: d.pending.userId,
      typeId: vacation.id,
      startDate: run.start,
      endDate: run.end,
      amount: 3,
      status: 'pending',
      note: 'Family visit',
    });
  }
  return types;
}
