import type { Timesheet } from '@wac/shared/schemas/attendance';
import { describe, expect, it } from 'vitest';
import { OPEN_DAY_REFRESH_MS, refreshWhileOpen } from './get-timesheet';
import { timesheetDay } from '../../../test/timesheets';

const day = (open: boolean) => timesheetDay('2026-12-03', { open, firstIn: open ? '2026-12-03T08:00:00.000Z' : null });
const sheet = (days: ReturnType<typeof day>[]) => ({ days }) as unknown as Timesheet;

describe('a timesheet with a day still open', () => {
  it('is asked again each minute while a day has an open entry (the server counts it up to its answer), else not', () => {
    expect(refreshWhileOpen(sheet([day(false), day(true)]))).toBe(OPEN_DAY_REFRESH_MS);
    expect(OPEN_DAY_REFRESH_MS).toBe(60_000);
    expect(refreshWhileOpen(sheet([day(false), day(false)]))).toBe(false);
    expect(refreshWhileOpen(undefined)).toBe(false);
  });
});
