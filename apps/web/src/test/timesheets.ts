import type { Timesheet } from '@wac/shared/schemas/attendance';

type Day = Timesheet['days'][number];

/** A timesheet day for screen tests: scheduled for 8 hours, nothing recorded, unless `over` says. */
export const timesheetDay = (date: string, over: Partial<Day> = {}): Day => ({
  date,
  firstIn: null,
  lastOut: null,
  workedMinutes: 0,
  expectedMinutes: 480,
  overtimeMinutes: 0,
  lateMinutes: 0,
  holiday: null,
  leave: null,
  leaveMinutes: 0,
  autoClosed: false,
  open: false,
  entries: [],
  ...over,
});
