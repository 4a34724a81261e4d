import type { Employee, OrgNode } from '@wac/shared/schemas/employees';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { EmployeeForm } from './employee-form';

const LEAD = '10000000-0000-4000-8000-000000000002';
const BOSS = '10000000-0000-4000-8000-000000000001';
const node = (n: number, first: string): OrgNode => ({
  uuid: `20000000-0000-4000-8000-00000000000${n}`,
  firstName: first,
  lastName: 'Report',
  avatar: null,
  jobTitle: null,
  department: null,
  reportCount: 0,
});
const lead: Employee = {
  uuid: LEAD,
  firstName: 'Lena',
  lastName: 'Lead',
  avatar: null,
  email: 'lena@acme.test',
  jobTitle: 'Team lead',
  department: null,
  manager: { uuid: BOSS, firstName: 'Bea', lastName: 'Boss' },
  workPhone: null,
  ended: false,
  view: 'full',
  employmentType: 'full_time',
  startDate: '2020-01-15',
  endDate: null,
  workLocation: null,
  emergencyContact: null,
  custom: {},
  editable: ['jobTitle', 'departmentUuid', 'managerUuid', 'employmentType', 'startDate', 'endDate', 'custom'],
  version: 3,
};

let sent: Record<string, unknown>[];
let refuse: boolean;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sent = [];
  refuse = false;
  server.use(
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
    http.get(`${ORIGIN}/api/employees`, () =>
      HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0, totalIsLowerBound: false }),
    ),
    http.get(`${ORIGIN}/api/employees/org-chart`, ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('managerUuid') === LEAD
          ? { data: [node(1, 'Rita'), node(2, 'Raul')], hasMore: false }
          : { data: [], hasMore: false },
      ),
    ),
    http.patch(`${ORIGIN}/api/employees/${LEAD}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (refuse && body.reportsTo !== undefined)
        return HttpResponse.json(
          {
            code: 'MANAGER_CYCLE',
            message: 'That would make someone their own manager.',
            issues: [{ path: 'body.reportsTo', code: 'invalid', message: 'Not valid.' }],
          },
          { status: 409 },
        );
      return HttpResponse.json({ ...lead, endDate: body.endDate ?? null, version: 4 });
    }),
  );
});
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

/** Picks the 15th of next month as the last day, and saves. */
async function endAndSave(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole('form');
  await user.click(within(form).getByRole('button', { name: 'End date' }));
  await user.click(screen.getAllByRole('button', { name: 'Next month', hidden: true }).at(-1)!);
  const fifteenth = screen
    .getAllByRole('button', { hidden: true })
    .filter((b) => b.textContent === '15' && !b.hasAttribute('data-outside'))
    .at(-1)!;
  await user.click(fifteenth);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
}

describe('ending the employment of someone who manages people', () => {
  it("asks where the reports go, the person's own manager first, and moves them in the same save", async () => {
    const user = userEvent.setup();
    renderScreen(<EmployeeForm person={lead} fields={[]} />);
    await endAndSave(user);
    const dialog = await screen.findByRole('dialog', { name: "Who will \u2068Lena Lead\u2069's team report to?" });
    // Each name isolated, so Latin names do not run together in an Arabic sentence.
    expect(dialog).toHaveTextContent(
      '\u2068Lena Lead\u2069 manages 2 people: \u2068Rita Report\u2069 and \u2068Raul Report\u2069.',
    );
    expect(within(dialog).getByLabelText('New manager', { selector: 'input' })).toHaveValue('Bea Boss');
    // Its close button has a name, and its header is no banner landmark (axe: button-name, a second banner).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.querySelector('header')).toBeNull();
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move them and save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ version: 3, reportsTo: BOSS });
    expect(sent[0]?.endDate).toMatch(/^\d{4}-\d{2}-15$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves without moving them when asked to keep them, and says a refused target in the question', async () => {
    refuse = true;
    const user = userEvent.setup();
    renderScreen(<EmployeeForm person={lead} fields={[]} />);
    await endAndSave(user);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move them and save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That would make someone their own manager.');
    await user.click(within(dialog).getByRole('button', { name: 'Save, keep them' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).not.toHaveProperty('reportsTo');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('saves at once for someone who manages nobody (in Arabic)', async () => {
    await setLanguage('ar', false);
    const user = userEvent.setup();
    renderScreen(<EmployeeForm person={{ ...lead, uuid: BOSS, manager: null }} fields={[]} />);
    server.use(
      http.patch(`${ORIGIN}/api/employees/${BOSS}`, async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ...lead, uuid: BOSS, version: 4 });
      }),
    );
    const form = screen.getByRole('form');
    await user.click(within(form).getByRole('button', { name: 'تاريخ الانتهاء' }));
    await user.click(screen.getAllByRole('button', { name: /الشهر التالي/, hidden: true }).at(-1)!);
    const day = screen
      .getAllByRole('button', { hidden: true })
      .filter((b) => /^(15|١٥)$/.test(b.textContent ?? '') && !b.hasAttribute('data-outside'))
      .at(-1)!;
    await user.click(day);
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
