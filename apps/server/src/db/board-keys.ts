/**
 * The day board's keys besides a schedule's id (decision 021): what `attendance_board_key` stores on a
 * member-day and a leave day and what the maintained counts and `schedule_member_changes` are kept by.
 */

/** The company's default schedule, whichever it is when the board is read. */
export const DEFAULT_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * An enabled member's days outside their employment, before the record's start date or after its end
 * date (migration 0042): no plan, so not scheduled, or present if they clocked in anyway.
 */
export const NOT_EMPLOYED_KEY = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
