import { z } from 'zod';
import { requiredType } from '../validation';
import { isValidTimeZone } from '../zoned-time';
import { ListQuerySchema, UuidSchema, pageOf } from './common';

/** A calendar day `YYYY-MM-DD` between 2000 and 2100 (the range attendance keeps). */
export const IsoDateSchema = z
  .string(requiredType)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'date')
  .refine((s) => s >= '2000-01-01' && s <= '2100-12-31', 'dateRange');
const TimeOfDaySchema = z.string(requiredType).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const TimeZoneSchema = z.string(requiredType).refine(isValidTimeZone, 'timeZone');

// ---- Company settings ----
export const AttendanceSettingsSchema = z.object({
  timeZone: z.string(),
  weekStart: z.number().int(),
  autoCloseMarginMinutes: z.number().int(),
  version: z.number().int(),
});
export type AttendanceSettings = z.infer<typeof AttendanceSettingsSchema>;
export const AttendanceSettingsUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    timeZone: TimeZoneSchema.optional(),
    weekStart: z.number().int().min(1, 'invalid').max(7, 'invalid').optional(),
    autoCloseMarginMinutes: z.number().int().min(0, 'invalid').max(1440, 'invalid').optional(),
  })
  .strict();

// ---- Public holidays ----
export const HolidaySchema = z.object({ uuid: UuidSchema, date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayPageSchema = pageOf(HolidaySchema);
export const HolidayListQuerySchema = ListQuerySchema.omit({ sort: true }).extend({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export const HolidayCreateSchema = z
  .object({
    date: IsoDateSchema,
    name: z.string(requiredType).trim().min(1, 'required').max(100, 'tooLong'),
  })
  .strict();
export const HolidayUpdateSchema = HolidayCreateSchema.partial().strict();
/** Many holidays at once (a year's calendar); a date that already has one is skipped. */
export const HolidayImportSchema = z
  .object({ holidays: z.array(HolidayCreateSchema).min(1, 'required').max(100, 'tooLong') })
  .strict();
export const HolidayImportResultSchema = z.object({ added: z.number().int(), skipped: z.number().int() });
export const AttendanceParamsSchema = z.object({ uuid: UuidSchema });

// ---- Work schedules ----
export const ScheduleDaySchema = z.object({ start: TimeOfDaySchema, end: TimeOfDaySchema }).strict();
export const ScheduleDaysSchema = z.array(ScheduleDaySchema.nullable()).length(7, 'invalid');
const scheduleName = z.string(requiredType).trim().min(1, 'required').max(100, 'tooLong');
const minutes = z.number().int().min(0, 'invalid').max(600, 'invalid');
export const WorkScheduleSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  /** Monday first; null is a day off. */
  days: z.array(z.object({ start: z.string(), end: z.string() }).nullable()),
  breakMinutes: z.number().int(),
  graceMinutes: z.number().int(),
  isDefault: z.boolean(),
  /** Scheduled minutes of a week, breaks deducted. */
  weeklyMinutes: z.number().int(),
  version: z.number().int(),
});
export type WorkSchedule = z.infer<typeof WorkScheduleSchema>;
/** The list adds, per schedule, how many enabled members follow it on the company's today. */
export const WorkScheduleListSchema = z.object({
  data: z.array(WorkScheduleSchema.extend({ members: z.number().int() })),
});
export type WorkScheduleWithMembers = z.infer<typeof WorkScheduleListSchema>['data'][number];
export const WorkScheduleCreateSchema = z
  .object({
    name: scheduleName,
    days: ScheduleDaysSchema,
    breakMinutes: minutes.default(0),
    graceMinutes: minutes.default(0),
    isDefault: z.boolean().default(false),
  })
  .strict();
export const WorkScheduleUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    name: scheduleName.optional(),
    days: ScheduleDaysSchema.optional(),
    breakMinutes: minutes.optional(),
    graceMinutes: minutes.optional(),
    isDefault: z.literal(true).optional(),
  })
  .strict();

export const ScheduleAssignmentSchema = z.object({
  uuid: UuidSchema,
  userUuid: UuidSchema,
  scheduleUuid: UuidSchema,
  scheduleName: z.string(),
  effectiveFrom: z.string(),
});
export const ScheduleAssignmentListSchema = z.object({ data: z.array(ScheduleAssignmentSchema) });
export const ScheduleAssignmentQuerySchema = z.object({ userUuid: UuidSchema });
export const ScheduleAssignmentCreateSchema = z
  .object({ userUuid: UuidSchema, scheduleUuid: UuidSchema, effectiveFrom: IsoDateSchema })
  .strict();
/** The most people one bulk request names; a whole team or department is named by its id instead. */
export const BULK_ASSIGN_MAX = 500;
/** The most people a bulk request writes itself; more go to the background, a part at a time. */
export const BULK_ASSIGN_AT_ONCE = 50;
/** One schedule from a date on for many people: chosen ones, or everyone in a team or a department. */
export const ScheduleAssignmentBulkSchema = z
  .object({
    scheduleUuid: UuidSchema,
    effectiveFrom: IsoDateSchema,
    userUuids: z.array(UuidSchema).min(1, 'required').max(BULK_ASSIGN_MAX, 'tooLong').optional(),
    teamUuid: UuidSchema.optional(),
    departmentUuid: UuidSchema.optional(),
  })
  .strict()
  .refine((b) => [b.userUuids, b.teamUuid, b.departmentUuid].filter((x) => x !== undefined).length === 1, {
    message: 'required',
    path: ['userUuids'],
  });
export type ScheduleAssignmentBulk = z.infer<typeof ScheduleAssignmentBulkSchema>;
/**
 * What a bulk request did: `assigned` people at once; more than BULK_ASSIGN_AT_ONCE people (chosen,
 * or a team's or a department's) are assigned in the background instead, `queued` under `batchId`.
 */
export const ScheduleAssignmentBulkResultSchema = z.object({
  assigned: z.number().int(),
  queued: z.number().int().optional(),
  batchId: UuidSchema.optional(),
});
export type ScheduleAssignmentBulkResult = z.infer<typeof ScheduleAssignmentBulkResultSchema>;
/** A background bulk assignment, counted in people from its jobs (so a reload or a restart loses nothing). */
export const ScheduleAssignmentBulkProgressSchema = z.object({
  batchId: UuidSchema,
  total: z.number().int(),
  assigned: z.number().int(),
  /** People of parts that gave up after their retries (dead jobs), and of those held behind them. */
  failed: z.number().int(),
  pending: z.number().int(),
  done: z.boolean(),
});
export type ScheduleAssignmentBulkProgress = z.infer<typeof ScheduleAssignmentBulkProgressSchema>;
export const ScheduleAssignmentBulkParamsSchema = z.object({ uuid: UuidSchema });
/** The people following a schedule on the company's today, in name order. */
export const ScheduleMembersQuerySchema = ListQuerySchema.pick({ page: true, itemsPerPage: true });
export const ScheduleMemberSchema = z.object({
  userUuid: UuidSchema,
  name: z.string(),
  email: z.string(),
  /** The day their assignment took effect; null: they have none and follow the default. */
  since: z.string().nullable(),
});
export type ScheduleMember = z.infer<typeof ScheduleMemberSchema>;
export const ScheduleMemberPageSchema = pageOf(ScheduleMemberSchema);

/** Working days of a person over a range (the count time off uses). */
export const WorkingDaysQuerySchema = z
  .object({ userUuid: UuidSchema, from: IsoDateSchema, to: IsoDateSchema })
  .refine((q) => q.from <= q.to, { message: 'dateOrder', path: ['to'] })
  .refine((q) => q.from > q.to || Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'dateRange',
    path: ['to'],
  });
export const WorkingDaysSchema = z.object({
  days: z.number().int(),
  minutes: z.number().int(),
  dates: z.array(z.object({ date: z.string(), minutes: z.number().int() })),
});

// ---- Clocking ----
export const ClockSchema = z
  .object({
    /** The same key from a retry, a double click or another tab answers the entry it made first. */
    idempotencyKey: z.string(requiredType).trim().min(8, 'invalid').max(100, 'tooLong'),
    /** What the person used; the console says web, scripts and integrations leave the default. */
    source: z.enum(['web', 'api']).default('api'),
  })
  .strict();
export const AttendanceEntrySchema = z.object({
  uuid: UuidSchema,
  userUuid: UuidSchema,
  workDate: z.string(),
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  recordedIn: z.string().nullable(),
  recordedOut: z.string().nullable(),
  /** open | closed | auto_closed | removed */
  status: z.string(),
  source: z.string(),
  version: z.number().int(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntrySchema>;
export const MyDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  serverTime: z.string(),
  open: AttendanceEntrySchema.nullable(),
  entries: z.array(AttendanceEntrySchema),
  /** Seconds worked today up to serverTime (the open entry counts). */
  workedSeconds: z.number().int(),
});
export type MyDay = z.infer<typeof MyDaySchema>;

// ---- Day board ----
export const BOARD_STATUSES = ['present', 'late', 'absent', 'onLeave', 'expected', 'notScheduled'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];
export const BoardQuerySchema = ListQuerySchema.omit({ sort: true, order: true }).extend({
  date: IsoDateSchema.optional(),
  team: UuidSchema.optional(),
  department: UuidSchema.optional(),
  status: z.enum(BOARD_STATUSES).optional(),
});
/** Which half of a day approved time off takes (a request's first day from mid-day, its last day to mid-day). */
export const LEAVE_HALVES = ['morning', 'afternoon'] as const;
export type LeaveHalf = (typeof LEAVE_HALVES)[number];
/** Approved time off on a scheduled day: the type's name and colour, and the half it takes (null: the whole day). */
export const DayLeaveSchema = z.object({
  type: z.string(),
  color: z.string(),
  half: z.enum(LEAVE_HALVES).nullable(),
});
export type DayLeave = z.infer<typeof DayLeaveSchema>;
export const BoardRowSchema = z.object({
  userUuid: UuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(BOARD_STATUSES),
  /** Approved time off covering the day (whole or half), if the day is scheduled; also when they came in anyway. */
  leave: DayLeaveSchema.nullable(),
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  clockedIn: z.boolean(),
  workedMinutes: z.number().int(),
});
export type BoardRow = z.infer<typeof BoardRowSchema>;
export const BoardSchema = pageOf(BoardRowSchema).extend({
  date: z.string(),
  timeZone: z.string(),
  counts: z.object(
    Object.fromEntries(BOARD_STATUSES.map((s) => [s, z.number().int()])) as Record<BoardStatus, z.ZodNumber>,
  ),
});
export type Board = z.infer<typeof BoardSchema>;

// ---- Corrections ----
/** An instant with its offset (`2026-03-08T09:00:00-04:00` or `…Z`), between 2000 and 2100. */
export const InstantSchema = z.iso.datetime({ offset: true, message: 'invalid' }).refine((s) => {
  const t = Date.parse(s);
  return t >= Date.UTC(2000, 0, 1) && t < Date.UTC(2101, 0, 1);
}, 'dateRange');
const reason = z.string(requiredType).trim().min(1, 'required').max(500, 'tooLong');
export const CORRECTION_KINDS = ['add', 'change', 'remove'] as const;
export const CORRECTION_STATUSES = ['pending', 'applied', 'declined'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

const ordered = <T extends { clockIn?: string; clockOut?: string | null }>(b: T) =>
  !b.clockIn || !b.clockOut || Date.parse(b.clockOut) > Date.parse(b.clockIn);

/**
 * What a correction asks: `add` a missing pair (both times), `change` an entry's times (a missing
 * clock-out, a wrong time), `remove` an entry recorded by mistake. Always with a reason.
 */
export const CorrectionRequestSchema = z
  .object({
    kind: z.enum(CORRECTION_KINDS),
    entryUuid: UuidSchema.optional(),
    clockIn: InstantSchema.optional(),
    clockOut: InstantSchema.optional(),
    reason,
  })
  .strict()
  .refine(ordered, { message: 'dateOrder', path: ['clockOut'] })
  .refine((b) => b.kind === 'add' || b.entryUuid, { message: 'required', path: ['entryUuid'] })
  .refine((b) => b.kind !== 'add' || (b.clockIn && b.clockOut), { message: 'required', path: ['clockOut'] })
  .refine((b) => b.kind !== 'change' || b.clockIn || b.clockOut, { message: 'required', path: ['clockOut'] });
export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;

/** An admin's correction, applied at once: the same, for a member of the company. */
export const AdminCorrectionSchema = z
  .object({
    userUuid: UuidSchema,
    kind: z.enum(CORRECTION_KINDS),
    entryUuid: UuidSchema.optional(),
    clockIn: InstantSchema.optional(),
    clockOut: InstantSchema.optional(),
    reason,
  })
  .strict()
  .refine(ordered, { message: 'dateOrder', path: ['clockOut'] })
  .refine((b) => b.kind === 'add' || b.entryUuid, { message: 'required', path: ['entryUuid'] })
  .refine((b) => b.kind !== 'add' || (b.clockIn && b.clockOut), { message: 'required', path: ['clockOut'] })
  .refine((b) => b.kind !== 'change' || b.clockIn || b.clockOut, { message: 'required', path: ['clockOut'] });

export type AdminCorrection = z.infer<typeof AdminCorrectionSchema>;

export const CorrectionDecisionSchema = z
  .object({ comment: z.string().trim().max(500, 'tooLong').optional() })
  .strict();

const Times = z.object({ clockIn: z.string().nullable(), clockOut: z.string().nullable() });
export const CorrectionSchema = z.object({
  uuid: UuidSchema,
  user: z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() }),
  entryUuid: UuidSchema.nullable(),
  kind: z.enum(CORRECTION_KINDS),
  /** The entry as it was when asked (null for an added pair). */
  before: Times.nullable(),
  /** What it asked for (null for a removal). */
  after: Times.nullable(),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  comment: z.string().nullable(),
  requestedBy: UuidSchema.nullable(),
  decidedBy: UuidSchema.nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Correction = z.infer<typeof CorrectionSchema>;
export const CorrectionPageSchema = pageOf(CorrectionSchema);
export const CorrectionListQuerySchema = ListQuerySchema.omit({ sort: true, search: true }).extend({
  status: z.enum(CORRECTION_STATUSES).optional(),
  userUuid: UuidSchema.optional(),
});
export const PendingCountSchema = z.object({ count: z.number().int() });

// ---- Timesheets ----
export const TIMESHEET_PERIODS = ['week', 'month'] as const;
export const TimesheetQuerySchema = z.object({
  period: z.enum(TIMESHEET_PERIODS).default('week'),
  /** Any day of the period; the company's today by default. */
  date: IsoDateSchema.optional(),
});
export const TimesheetExportQuerySchema = TimesheetQuerySchema.extend({ team: UuidSchema.optional() });
export const UserParamsSchema = z.object({ userUuid: UuidSchema });
export const TimesheetDaySchema = z.object({
  date: z.string(),
  firstIn: z.string().nullable(),
  lastOut: z.string().nullable(),
  /** Worked minutes, the unpaid break not taken between pairs deducted. */
  workedMinutes: z.number().int(),
  expectedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  lateMinutes: z.number().int(),
  holiday: z.string().nullable(),
  /** Approved time off on this scheduled day (a holiday or day off takes none). */
  leave: DayLeaveSchema.nullable(),
  /** Expected minutes the leave covers: all of them for a whole day, half for a half day. */
  leaveMinutes: z.number().int(),
  /** An entry of the day was closed by the forgotten clock-out job and awaits review. */
  autoClosed: z.boolean(),
  open: z.boolean(),
  entries: z.array(AttendanceEntrySchema),
});
export const TimesheetSchema = z.object({
  user: z.object({ uuid: UuidSchema, firstName: z.string(), lastName: z.string() }),
  period: z.enum(TIMESHEET_PERIODS),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  locked: z.boolean(),
  days: z.array(TimesheetDaySchema),
  totals: z.object({
    workedMinutes: z.number().int(),
    expectedMinutes: z.number().int(),
    overtimeMinutes: z.number().int(),
    lateMinutes: z.number().int(),
    lateDays: z.number().int(),
    absentDays: z.number().int(),
    /** Scheduled days on approved leave, a half day counting 0.5. */
    leaveDays: z.number(),
    leaveMinutes: z.number().int(),
  }),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

export const TimesheetLockSchema = z.object({
  uuid: UuidSchema,
  from: z.string(),
  to: z.string(),
  lockedBy: UuidSchema.nullable(),
  createdAt: z.string(),
});
export type TimesheetLock = z.infer<typeof TimesheetLockSchema>;
export const TimesheetLockListSchema = z.object({ data: z.array(TimesheetLockSchema) });
export const TimesheetLockCreateSchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'dateOrder', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'dateRange', path: ['to'] });
