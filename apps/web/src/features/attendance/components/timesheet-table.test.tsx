import type { Timesheet } from '@wac/shared/schemas/attendance';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { TimesheetTable } from './timesheet-table';
import { timesheetDay } from '../../../test/timesheets';

const sheet: Timesheet = {
  user: { uuid: '10000000-0000-4000-8000-000000000001', firstName: 'Ada', lastName: 'Adams' },
  period: 'week',
  from: '2026-11-23',
  to: '2026-11-29',
  timeZone: 'UTC',
  locked: false,
  days: [],
  totals: {
    workedMinutes: 1383,
    expectedMinutes: 1800,
    overtimeMinutes: 33,
    lateMinutes: 0,
    lateDays: 0,
    absentDays: 1,
    leaveDays: 2,
    leaveMinutes: 900,
  },
};

afterEach(async () => {
  await setLanguage('en', false);
});

describe('timesheet totals', () => {
  it('tells days missed from days on leave in German', async () => {
    await setLanguage('de', false);
    renderScreen(<TimesheetTable sheet={sheet} />);
    // "1 abwesender Tag" beside "2 Abwesenheitstage" said the same thing twice.
    expect(screen.getByText('1 Fehltag')).toBeInTheDocument();
    expect(screen.getByText('2 Abwesenheitstage')).toBeInTheDocument();
  });
});

describe('a shift past midnight', () => {
  const day = (date: string, firstIn: string, lastOut: string) =>
    timesheetDay(date, { firstIn, lastOut, workedMinutes: 480 });

  it("says its out is the next day's, on the company's clock", () => {
    renderScreen(
      <TimesheetTable
        sheet={{
          ...sheet,
          timeZone: 'America/New_York',
          days: [
            // 22:00 to 06:00 in New York: the out is on the 24th there.
            day('2026-11-23', '2026-11-24T03:00:00.000Z', '2026-11-24T11:00:00.000Z'),
            // 09:00 to 20:30 in New York: the out is 01:30 UTC the next day, but the same day there.
            day('2026-11-25', '2026-11-25T14:00:00.000Z', '2026-11-26T01:30:00.000Z'),
          ],
        }}
      />,
    );
    const marks = screen.getAllByTestId('out-next-day');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent('(next day)');
    expect(screen.getAllByTestId('timesheet-day')[0]).toContainElement(marks[0]!);
  });
});
