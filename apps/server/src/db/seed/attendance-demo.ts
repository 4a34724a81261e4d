import { addDays, isoWeekday, zonedDate, zonedInstant } from '@wac/shared/zoned-time';
import type { Tx } from '../client';
import {
  assignSchedule,
  createCorrectionRequest,
  createEntry,
  withStatsDerivedAfter,
  createHoliday,
  createSchedule,
  awayFromWork,
  setCompanyTimeZone,
  weekdays,
} from './attendance-factories';

export interface AttendanceDemoOptions {
  /** Who has not clocked in today (they worked the weeks before). */
  notInToday?: readonly string[];
  holiday?: { date: string; name: string } | null;
  /** Each person's days on approved leave (what the time-off seed writes): nobody clocks on them. */
  away?: ReadonlyMap<string, readonly string[]>;
  /** The seed's present moment (tests move it across a week). */
  now?: Date;
  /** People on a seven-day support rota. */
  rota?: readonly string[];
  /**
   * Whose entry was left open and auto-closed, with their pending correction request (default: the
   * first member). Not an admin: an admin's own request waits for another admin (CORRECTION_OWN_ENTRY).
   */
  forgetful?: string | null;
}

/**
 * Four weeks of attendance for a company, in its zone: most people on time, some late, some absent,
 * one auto-closed entry awaiting review and its owner's pending correction request; today some are in
 * (one still clocked in) and `notInToday` have not clocked in. Nobody clocks on the days `away` lists
 * for them, nor before the start date of their employee record. The people of `rota` work every
 * day of the week (a support rota): on a weekend, the day board of the demo still has people present,
 * late and absent.
 */
export async function seedAttendance(
  tx: Tx,
  companyId: string,
  timeZone: string,
  memberIds: string[],
  {
    notInToday = [],
    holiday = null,
    away = new Map(),
    now = new Date(),
    rota = [],
    forgetful = null,
  }: AttendanceDemoOptions = {},
) {
  await setCompanyTimeZone(tx, companyId, timeZone);
  await createSchedule(tx, companyId, {
    name: 'Office hours',
    isDefault: true,
    breakMinutes: 30,
    graceMinutes: 10,
    days: weekdays(),
  });
  if (holiday) await createHoliday(tx, companyId, holiday.date, holiday.name);
  const today = zonedDate(now, timeZone);
  if (rota.length) {
    const everyDay = await createSchedule(tx, companyId, {
      name: 'Support rota',
      breakMinutes: 30,
      graceMinutes: 10,
      days: Array.from({ length: 7 }, () => ({ start: '09:00', end: '17:00' })),
    });
    for (const userId of rota) await assignSchedule(tx, companyId, userId, everyDay.id, addDays(today, -35));
  }
  const works = (userId: string, date: string) => isoWeekday(date) <= 5 || rota.includes(userId);
  const off = await awayFromWork(tx, companyId, away);
  let autoClosed = false;
  await withStatsDerivedAfter(tx, companyId, memberIds, async () => {
    for (const [i, userId] of memberIds.entries()) {
      for (let back = 28; back >= 0; back--) {
        const date = addDays(today, -back);
        if (!works(userId, date) || date === holiday?.date || off(userId, date)) continue;
        if (back === 0 && notInToday.includes(userId)) continue;
        // Deterministic variety: an absence now and then, lateness for some.
        if ((i + back) % 11 === 3) continue;
        const late = (i + back) % 7 === 2;
        const inAt = zonedInstant(
          date,
          late ? '09:24' : `08:${String(45 + ((i * 3 + back) % 14)).padStart(2, '0')}`,
          timeZone,
        );
        if (inAt > now) continue;
        const outAt = zonedInstant(date, `17:${String((i + back) % 40).padStart(2, '0')}`, timeZone);
        if (back === 0) {
          // Today: still in unless the day is over.
          await createEntry(tx, companyId, {
            userId,
            workDate: date,
            clockIn: inAt,
            clockOut: outAt < now ? outAt : null,
          });
          continue;
        }
        // The first working day of the last six (six days back can be a weekend: on a Friday it is).
        if (!autoClosed && back <= 6 && userId === (forgetful ?? memberIds[0])) {
          autoClosed = true;
          const closedAt = zonedInstant(date, '19:00', timeZone);
          const entry = await createEntry(tx, companyId, {
            userId,
            workDate: date,
            clockIn: inAt,
            clockOut: closedAt,
            status: 'auto_closed',
          });
          await createCorrectionRequest(tx, companyId, {
            userId,
            entryId: entry.id,
            kind: 'change',
            before: { clockIn: inAt.toISOString(), clockOut: closedAt.toISOString() },
            after: { clockIn: inAt.toISOString(), clockOut: outAt.toISOString() },
            reason: 'I forgot to clock out when I left.',
          });
          continue;
        }
        await createEntry(tx, companyId, { userId, workDate: date, clockIn: inAt, clockOut: outAt });
      }
    }
  });
}
