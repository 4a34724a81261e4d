import type { CustomField, Employee } from '@wac/shared/schemas/employees';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { EmployeeForm } from './employee-form';

const UUID = '10000000-0000-4000-8000-000000000002';
const FIELD = '70000000-0000-4000-8000-000000000001';

const person: Employee = {
  uuid: UUID,
  firstName: 'Bob',
  lastName: 'Brown',
  avatar: null,
  email: 'bob@acme.test',
  jobTitle: 'HR Generalist',
  department: null,
  manager: null,
  workPhone: null,
  ended: false,
  view: 'full',
  employmentType: 'full_time',
  startDate: '2020-01-15',
  endDate: null,
  workLocation: null,
  emergencyContact: null,
  custom: { [FIELD]: '2024-03-01' },
  editable: ['jobTitle', 'startDate', 'endDate', 'custom'],
  version: 3,
};
const fields: CustomField[] = [
  {
    uuid: FIELD,
    label: 'Probezeit bis',
    type: 'date',
    options: [],
    required: false,
    private: false,
    selfEditable: false,
    position: 0,
    version: 1,
  },
];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('employee record form', () => {
  it('writes and picks its dates in the console language, not the browser one, and sends calendar days', async () => {
    await setLanguage('de', false);
    const sent: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
      http.patch(`${ORIGIN}/api/employees/${UUID}`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...person, version: 4 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<EmployeeForm person={person} fields={fields} />);
    const form = screen.getByRole('form');
    // German dates (a native date field showed 01/15/2020 and mm/dd/yyyy on an English browser).
    expect(within(form).getByRole('button', { name: 'Eintrittsdatum' })).toHaveTextContent('15.01.2020');
    expect(within(form).getByRole('button', { name: 'Probezeit bis' })).toHaveTextContent('01.03.2024');
    expect(form.querySelector('input[type=date]')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Austrittsdatum' }));
    const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
    for (let i = 0; i < 36 && !last('Dienstag, 30. November 2027'); i++) await user.click(last('Nächster Monat')!);
    await user.click(last('Dienstag, 30. November 2027')!);
    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Austrittsdatum' })).toHaveTextContent('30.11.2027'),
    );
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      version: 3,
      startDate: '2020-01-15',
      endDate: '2027-11-30',
      custom: { [FIELD]: '2024-03-01' },
    });
  });

  it("puts a refused emergency contact phone on that field, not only 'Some fields are not valid.' above the form", async () => {
    server.use(
      http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
      http.patch(`${ORIGIN}/api/employees/${UUID}`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            issues: [{ path: 'body.emergencyContact.phone', code: 'phone', message: 'Enter a phone number.' }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<EmployeeForm person={{ ...person, editable: ['emergencyContact'] }} fields={fields} />);
    const form = screen.getByRole('form');
    // The contact's fields are a group named by its heading: "Emergency contact", then "Phone".
    const contact = within(form).getByRole('group', { name: 'Emergency contact' });
    const contactPhone = within(contact).getByRole('textbox', { name: 'Phone' });
    await user.type(contactPhone, 'call me');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(contactPhone).toHaveAccessibleDescription('Enter a phone number.'));
    expect(contactPhone).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the person which fields of their record they may change, and says who keeps the others', async () => {
    server.use(http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })));
    renderScreen(<EmployeeForm person={{ ...person, editable: ['workPhone', 'emergencyContact'] }} fields={fields} />);
    const form = screen.getByRole('form');
    // Read-only fields looked like the others: Bob typed into his job title and nothing happened.
    expect(within(form).getByRole('textbox', { name: 'Job title' })).toHaveAttribute('data-variant', 'filled');
    expect(within(form).getByRole('button', { name: 'Start date' })).toHaveAttribute('data-variant', 'filled');
    expect(within(form).getByRole('button', { name: 'Probezeit bis' })).toHaveAttribute('data-variant', 'filled');
    expect(within(form).getByRole('textbox', { name: 'Work phone' })).toHaveAttribute('data-variant', 'default');
    expect(screen.getByTestId('record-locked-hint')).toHaveTextContent(
      'Greyed-out fields are kept by your HR team: ask them to change those.',
    );
  });

  it('says nothing of the kind to an admin, who changes every field', async () => {
    server.use(http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })));
    renderScreen(<EmployeeForm person={{ ...person, editable: ['jobTitle', 'custom'] }} fields={fields} />);
    expect(within(screen.getByRole('form')).getByRole('textbox', { name: 'Job title' })).toHaveAttribute(
      'data-variant',
      'default',
    );
    expect(screen.queryByTestId('record-locked-hint')).toBeNull();
  });
});
