import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { employmentDates } from './factories';
import {
  attendanceCorrections,
  attendanceEntries,
  companies,
  holidays,
  type ScheduleDay,
  scheduleAssignments,
  workSchedules,
} from '../schema/index';

/** Attendance factories shared by the demo seed, the API tests and the benchmarks. */
export async function setCompanyTimeZone(tx: Tx, companyId: string, timeZone: string) {
  await tx.update(companies).set({ timeZone }).where(eq(companies.id, companyId));
}

/**
 * The days the demo seeds clock nobody in: a person's days of approved leave (`away`, what the
 * time-off seed writes) and the days outside their employee record's start and end.
 */
export async function awayFromWork(tx: Tx, companyId: string, away: ReadonlyMap<string, readonly string[]>) {
  const employed = await employmentDates(tx, companyId);
  return (userId: string, date: string) => {
    const e = employed.get(userId);
    return (!!e?.start && date < e.start) || (!!e?.end && date > e.end) || (away.get(userId)?.includes(date) ?? false);
  };
}

/** Monday to Friday from `start` to `end`. */
export const weekdays = (start = '09:00', end = '17:00'): Array<ScheduleDay | null> => [
  ...Array.from({ length: 5 }, () => ({ start, end })),
  null,
  null,
];

export async function createSchedule(
  tx: Tx,
  companyId: string,
  input: {
    name: string;
    days?: Array<ScheduleDay | null>;
    breakMinutes?: number;
    graceMinutes?: number;
    isDefault?: boolean;
  },
) {
  const [row] = await tx
    .insert(workSchedules)
    .values({
      companyId,
      name: input.name,
      days: input.days ?? weekdays(),
      breakMinutes: input.breakMinutes ?? 0,
      graceMinutes: input.graceMinutes ?? 0,
      isDefault: input.isDefault ?? false,
    })
    .returning();
  return row!;
}

export async function assignSchedule(
  tx: Tx,
  companyId: string,
  userId: string,
  scheduleId: string,
  effectiveFrom: string,
) {
  await tx.insert(scheduleAssignments).values({ companyId, userId, scheduleId, effectiveFrom });
}

export async function createHoliday(tx: Tx, companyId: string, date: string, name: string) {
  await tx.insert(holidays).values({ companyId, date, name });
}

/** A recorded pair (or an open entry when `clockOut` is null). */
export async function createEntry(
  tx: Tx,
  companyId: string,
  input: { userId: string; workDate: string; clockIn: Date; clockOut: Date | null; status?: string; source?: string },
) {
  const [row] = await tx
    .insert(attendanceEntries)
    .values({
      companyId,
      userId: input.userId,
      workDate: input.workDate,
      clockIn: input.clockIn,
      clockOut: input.clockOut,
      recordedIn: input.clockIn,
      recordedOut: input.status === 'auto_closed' ? null : input.clockOut,
      status: input.status ?? (input.clockOut ? 'closed' : 'open'),
      source: input.source ?? 'web',
    })
    .returning();
  return row!;
}

/** A member's pending request to correct an entry (or to add a pair when `entryId` is null). */
export async function createCorrectionRequest(
  tx: Tx,
  companyId: string,
  input: {
    userId: string;
    entryId: string | null;
    kind: 'add' | 'change' | 'remove';
    before: { clockIn: string | null; clockOut: string | null } | null;
    after: { clockIn: string | null; clockOut: string | null } | null;
    reason: string;
  },
) {
  const [row] = await tx
    .insert(attendanceCorrections)
    .values({ companyId, ...input, status: 'pending', requestedBy: input.userId })
    .returning();
  return row!;
}

/**
 * Runs a bulk of attendance writes with the Stats day aggregates' per-member-day trigger off (as the
 * rebuild does), then derives the people once: one judging per member-day made the demo seed take
 * minutes on a loaded machine with PGlite.
 */
export async function withStatsDerivedAfter<T>(tx: Tx, companyId: string, userIds: string[], fn: () => Promise<T>) {
  await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'on', true)`);
  const out = await fn();
  await tx.execute(sql`SELECT set_config('wac.stats_rebuild', 'off', true)`);
  await tx.execute(
    sql`SELECT stats_member_refresh(${companyId}::uuid, ${`{${userIds.join(',')}}`}::uuid[], NULL, NULL, true)`,
  );
  return out;
}
