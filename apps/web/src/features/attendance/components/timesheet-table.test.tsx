import type { Timesheet } from '@wac/shared/schemas/attendance';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { TimesheetTable } from './timesheet-table';

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
