import { rawValuesIn } from '@wac/shared/raw-values';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import type { Profile } from '../../lib/session/start';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import { AuditChanges, AuditSentence } from './components/audit-entry';
import { codedValue } from './components/audit-fields';

const ALICE = {
  uuid: '11111111-1111-4111-8111-111111111111',
  email: 'alice@acme.test',
  firstName: 'Alice',
  lastName: 'Anders',
};
const ACME: Profile = {
  uuid: '44444444-4444-4444-8444-444444444444',
  enabled: true,
  roles: [{ name: 'admin' }],
  company: {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: 'Acme Corp',
    logo: null,
    subDomain: 'acme',
    enabled: true,
  },
};
const SHIRT = '99999999-9999-4999-8999-999999999999';
const entry = (over: Record<string, unknown>) => ({
  uuid: crypto.randomUUID(),
  action: 'employee.update',
  targetType: 'employee',
  targetId: null,
  targetName: 'Bob Brown',
  targetPerson: null,
  actor: ALICE,
  before: null,
  after: null,
  ip: '203.0.113.7',
  userAgent: null,
  createdAt: '2026-08-25T06:27:12.000Z',
  ...over,
});
const record = (over: Record<string, unknown>) => ({
  jobTitle: 'Engineer',
  departmentId: '77777777-7777-4777-8777-777777777777',
  managerUserId: null,
  employmentType: 'full_time',
  startDate: '2024-03-01',
  endDate: null,
  workLocation: 'Lisbon',
  workPhone: null,
  emergencyContact: { name: 'Ann', relation: 'Sister', phone: '+351 1' },
  custom: { [SHIRT]: 'M' },
  ...over,
});

/** The changes table's rows as [field, before, after]. */
async function rows() {
  const table = await screen.findByTestId('audit-changes');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sessionStore.reset({
    status: 'ready',
    user: { ...ALICE, phone: null, avatar: null, language: null, roles: [], companyUuids: [ACME.company.uuid] },
    profiles: [ACME],
    current: ACME,
  });
  server.use(
    http.get(`${ORIGIN}/api/employees/fields`, () =>
      HttpResponse.json({
        data: [
          {
            uuid: SHIRT,
            label: 'Shirt size',
            type: 'select',
            options: ['S', 'M', 'L'],
            required: false,
            private: false,
            selfEditable: true,
            position: 0,
            version: 1,
          },
        ],
      }),
    ),
  );
});
afterEach(async () => {
  server.resetHandlers();
  sessionStore.reset({ status: 'signedOut' });
  await setLanguage('en', false);
});

describe('the audit log’s changes table', () => {
  it('names an employee record’s fields as its form does, nested parts and custom fields by their labels', async () => {
    const user = userEvent.setup();
    const before = record({});
    const after = record({
      employmentType: 'part_time',
      departmentId: '88888888-8888-4888-8888-888888888888',
      emergencyContact: { name: 'Ann', relation: 'Sister', phone: '+351 2' },
      custom: { [SHIRT]: 'L' },
    });
    renderScreen(<AuditChanges entry={entry({ before, after })} />);
    await user.click(await screen.findByRole('button', { name: 'Show the changes' }));
    // The department moved too, but an id says nothing: the sentence names the record.
    expect(await rows()).toEqual([
      ['Employment type', 'Full-time', 'Part-time'],
      ['Emergency contact: Phone', '+351 1', '+351 2'],
      ['Shirt size', 'M', 'L'],
    ]);
  });

  it('says a time-off type’s unit and accrual, a schedule’s week and an audience in words', async () => {
    const user = userEvent.setup();
    const week = (end: string) => [{ start: '09:00', end }, { start: '09:00', end }, null, null, null, null, null];
    renderScreen(
      <>
        <AuditChanges
          entry={entry({
            action: 'time_off_type.update',
            targetType: 'time_off_type',
            before: { name: 'Vacation', unit: 'days', accrual: 'yearly', allowNegative: false, yearlyAllowance: 20 },
            after: { name: 'Vacation', unit: 'hours', accrual: 'monthly', allowNegative: true, yearlyAllowance: 160 },
          })}
        />
        <AuditChanges
          entry={entry({
            action: 'work_schedule.update',
            targetType: 'work_schedule',
            before: { name: 'Office', days: week('17:00'), breakMinutes: 30 },
            after: { name: 'Office', days: week('16:00'), breakMinutes: 45 },
          })}
        />
        <AuditChanges
          entry={entry({
            action: 'policy.update',
            targetType: 'policy',
            before: { title: 'Code', audienceAll: true, audienceTeamIds: [], dueDays: 14 },
            after: { title: 'Code', audienceAll: false, audienceTeamIds: [SHIRT, ACME.uuid], dueDays: 14 },
          })}
        />
      </>,
    );
    for (const b of await screen.findAllByRole('button', { name: 'Show the changes' })) await user.click(b);
    const tables = await screen.findAllByTestId('audit-changes');
    const text = tables.map((t) => t.textContent);
    expect(text[0]).toContain('UnitDaysHours');
    expect(text[0]).toContain('AccrualAll on 1 JanuaryMonthly');
    expect(text[0]).toContain('Balance may go negativeNoYes');
    // Amounts in the type's unit on each side of the change.
    expect(text[0]).toContain('Yearly allowance20 days160 hours');
    // As the schedules screen writes a week: days with the same hours together, times as the console writes them.
    const spaced = (text[1] ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ');
    expect(spaced).toContain('Mon – Tue 9:00 AM – 5:00 PM');
    expect(spaced).toContain('Mon – Tue 9:00 AM – 4:00 PM');
    expect(text[1]).toContain('Unpaid break (minutes)3045');
    expect(text[2]).toContain('Everyone in the companyYesNo');
    expect(text[2]).toContain('Teams—2 teams');
    expect(rawValuesIn(document.body.textContent ?? '', 'en')).toEqual([]);
  });

  it('leaves out a custom field’s bookkeeping and an empty list, in Arabic', async () => {
    await setLanguage('ar', false);
    const user = userEvent.setup();
    const field = { uuid: SHIRT, label: 'Shirt size', type: 'text', options: [], position: 0, version: 1 };
    renderScreen(
      <>
        <AuditChanges entry={entry({ action: 'employee_field.create', targetType: 'employee_field', after: field })} />
        <AuditChanges
          entry={entry({
            action: 'employee_field.update',
            targetType: 'employee_field',
            before: field,
            after: { ...field, label: 'Size', version: 2 },
          })}
        />
      </>,
    );
    for (const b of await screen.findAllByRole('button', { name: 'عرض التغييرات' })) await user.click(b);
    const [created, updated] = (await screen.findAllByTestId('audit-changes')).map((t) =>
      within(t)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('th')?.textContent),
    );
    expect(created).toEqual(['اسم الحقل', 'النوع']);
    expect(updated).toEqual(['اسم الحقل']);
  });

  it('lists the fields members may edit as Arabic lists them, not joined by a Latin comma', async () => {
    await setLanguage('ar', false);
    const t = i18n.getFixedT('ar');
    expect(
      codedValue(t, 'ar', 'people_settings.update', 'selfEditable', ['jobTitle', 'workPhone', 'workLocation']),
    ).toBe(
      new Intl.ListFormat('ar', { style: 'long', type: 'conjunction' }).format([
        t('admin:people.jobTitle'),
        t('admin:people.workPhone'),
        t('admin:people.workLocation'),
      ]),
    );
  });

  it('shows an attendance entry’s fields and statuses in German, no code or id', async () => {
    await setLanguage('de', false);
    const user = userEvent.setup();
    renderScreen(
      <AuditChanges
        entry={entry({
          action: 'attendance.correction_apply',
          targetType: 'attendance_entry',
          before: { clockIn: '2026-08-24T07:00:00.000Z', status: 'auto_closed', workDate: '2026-08-24' },
          after: { clockIn: '2026-08-24T06:30:00.000Z', status: 'closed', workDate: '2026-08-24', reason: 'Train' },
        })}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Änderungen anzeigen' }));
    const found = await rows();
    expect(found.map((r) => r[0])).toEqual(['Einstempeln', 'Status', 'Begründung']);
    expect(found[1]).toEqual(['Status', 'Automatisch beendet', 'Abgeschlossen']);
    expect(rawValuesIn(document.body.textContent ?? '', 'de')).toEqual([]);
  });

  it('isolates Latin names in an Arabic sentence (the colon after one stayed on the wrong side), not in English', async () => {
    const recount = entry({
      action: 'time_off_request.recount',
      targetType: 'time_off_request',
      targetName: 'Bob Brown',
      before: { amount: 3 },
      after: { amount: 2 },
    });
    const view = renderScreen(<AuditSentence entry={recount} />);
    expect((await screen.findByTestId('audit-sentence')).textContent).toContain('of Bob Brown was counted again');
    view.unmount();
    await setLanguage('ar', false);
    renderScreen(<AuditSentence entry={recount} />);
    expect((await screen.findByTestId('audit-sentence')).textContent).toContain('\u2068Bob Brown\u2069');
  });
});
