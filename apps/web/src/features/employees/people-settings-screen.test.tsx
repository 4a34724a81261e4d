import type { CustomField } from '@wac/shared/schemas/employees';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onToast } from '../../lib/notify';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import PeopleSettingsScreen from './people-settings-screen';

const shirt: CustomField = {
  uuid: '40000000-0000-4000-8000-000000000001',
  label: 'Shirt size',
  type: 'select',
  options: ['S', 'M', 'L'],
  required: true,
  private: false,
  selfEditable: true,
  position: 0,
  version: 2,
};
const badge: CustomField = {
  uuid: '40000000-0000-4000-8000-000000000002',
  label: 'Badge number',
  type: 'number',
  options: [],
  required: false,
  private: true,
  selfEditable: false,
  position: 1,
  version: 1,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

/**
 * The people API as the server answers it: the fields live in `fields`, every write is recorded in
 * `calls`; a label that exists already is refused (409) and an option longer than 80 characters too (400).
 */
function peopleApi() {
  const fields: CustomField[] = [shirt, badge];
  const calls: string[] = [];
  let settings = { selfEditable: ['workPhone', 'workLocation', 'emergencyContact'], version: 0 };
  server.use(
    http.get(`${ORIGIN}/api/employees/fields`, () => HttpResponse.json({ data: fields })),
    http.post(`${ORIGIN}/api/employees/fields`, async ({ request }) => {
      const body = (await request.json()) as Omit<CustomField, 'uuid' | 'version' | 'position'>;
      calls.push(`POST ${JSON.stringify(body)}`);
      if (fields.some((f) => f.label === body.label)) {
        return HttpResponse.json(
          { code: 'FIELD_LABEL_TAKEN', message: 'A field with this label already exists.' },
          { status: 409 },
        );
      }
      const long = body.options.findIndex((o) => o.length > 80);
      if (long >= 0) {
        return HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are invalid.',
            issues: [{ path: `body.options.${long}`, code: 'tooLong', message: 'This is too long.' }],
          },
          { status: 400 },
        );
      }
      const created = { ...body, uuid: '40000000-0000-4000-8000-000000000003', position: 0, version: 1 };
      fields.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${ORIGIN}/api/employees/fields/:uuid`, async ({ request, params }) => {
      const body = (await request.json()) as Partial<CustomField>;
      calls.push(`PATCH ${params.uuid} ${JSON.stringify(body)}`);
      const i = fields.findIndex((f) => f.uuid === params.uuid);
      const updated = { ...(fields[i] as CustomField), ...body, version: (body.version ?? 0) + 1 };
      fields[i] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete(`${ORIGIN}/api/employees/fields/:uuid`, ({ request, params }) => {
      calls.push(`DELETE ${params.uuid} ${new URL(request.url).search}`);
      fields.splice(
        fields.findIndex((f) => f.uuid === params.uuid),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${ORIGIN}/api/employees/settings`, () => HttpResponse.json(settings)),
    http.patch(`${ORIGIN}/api/employees/settings`, async ({ request }) => {
      const body = (await request.json()) as typeof settings;
      calls.push(`PATCH settings ${JSON.stringify(body)}`);
      settings = { selfEditable: body.selfEditable, version: body.version + 1 };
      return HttpResponse.json(settings);
    }),
  );
  return { calls, fields };
}

const rowOf = (label: string) => {
  const cell = within(screen.getByTestId('custom-fields-table')).getByRole('cell', { name: label });
  return cell.closest('tr') as HTMLTableRowElement;
};

describe('people settings screen', () => {
  it('lists the custom fields with their type, options and flags, and the self-editable standard fields', async () => {
    signInAs(['admin']);
    peopleApi();
    renderScreen(<PeopleSettingsScreen />, '/people/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'People settings' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Shirt size' });
    expect(
      within(rowOf('Shirt size'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Shirt size', 'Single select', 'S, M, and L', 'Yes', 'No', 'Yes', 'EditDelete']);
    expect(
      within(rowOf('Badge number'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Badge number', 'Number', '', 'No', 'Yes', 'No', 'EditDelete']);
    const members = await screen.findByTestId('self-editable-settings');
    expect(within(members).getByRole('checkbox', { name: 'Job title' })).not.toBeChecked();
    expect(within(members).getByRole('checkbox', { name: 'Work phone' })).toBeChecked();
    expect(within(members).getByRole('checkbox', { name: 'Work location' })).toBeChecked();
    expect(within(members).getByRole('checkbox', { name: 'Emergency contact' })).toBeChecked();
  });

  it('adds a single-select field: the server refuses a taken label and a too-long option, each on its field', async () => {
    signInAs(['admin']);
    const { calls } = peopleApi();
    const toasts: string[] = [];
    const stop = onToast((t) => toasts.push(t.message));
    const user = userEvent.setup();
    renderScreen(<PeopleSettingsScreen />, '/people/settings');
    await screen.findByRole('cell', { name: 'Shirt size' });

    await user.click(screen.getByRole('button', { name: 'Add a field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a field' });
    // Nothing typed: refused before any request.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    // The refused field takes the focus (it stayed on Save).
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Field name/ })).toHaveFocus());

    const label = within(dialog).getByRole('textbox', { name: /Field name/ });
    await user.type(label, 'Shirt size');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Single select', hidden: true }));
    const options = within(dialog).getByRole('textbox', { name: /Options/ });
    await user.type(options, `XS{Enter}${'X'.repeat(81)}{Enter}{Enter}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A field with this label already exists.')).toBeInTheDocument();
    expect(label).toHaveAttribute('aria-invalid', 'true');

    await user.clear(label);
    await user.type(label, 'T-shirt size');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is too long.')).toBeInTheDocument();
    expect(options).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('A field with this label already exists.')).not.toBeInTheDocument();

    await user.clear(options);
    await user.type(options, 'S{Enter} M {Enter}L');
    await user.click(within(dialog).getByRole('switch', { name: /Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'T-shirt size' })).toBeInTheDocument();
    expect(toasts).toEqual(['Field T-shirt size saved.']);
    stop();

    const body = (xs: string[]) =>
      `POST {"type":"select","label":"Shirt size","required":false,"private":false,"selfEditable":false,"options":${JSON.stringify(xs)}}`;
    expect(calls).toEqual([
      body(['XS', 'X'.repeat(81)]),
      body(['XS', 'X'.repeat(81)]).replace('"Shirt size"', '"T-shirt size"'),
      'POST {"type":"select","label":"T-shirt size","required":false,"private":true,"selfEditable":false,"options":["S","M","L"]}',
    ]);
  });

  it('edits a field without its type, deletes one after a warning about its values, and saves the members’ fields', async () => {
    signInAs(['admin']);
    const { calls } = peopleApi();
    const user = userEvent.setup();
    renderScreen(<PeopleSettingsScreen />, '/people/settings');
    await screen.findByRole('cell', { name: 'Shirt size' });

    await user.click(screen.getByRole('button', { name: 'Edit Shirt size' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit field' });
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toBeDisabled();
    const options = within(dialog).getByRole('textbox', { name: /Options/ });
    expect(options).toHaveValue('S\nM\nL');
    await user.type(options, '{Enter}XL');
    await user.click(within(dialog).getByRole('switch', { name: /Required/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'S, M, L, and XL' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Shirt size' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete Badge number' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete field' });
    expect(dialog).toHaveTextContent(
      'The field Badge number will be deleted, and its values on every employee record with it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Badge number' })).not.toBeInTheDocument());
    // The row and its button are gone: the focus lands on "Add a field", not on the page's body.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a field' })).toHaveFocus());

    const members = screen.getByTestId('self-editable-settings');
    await user.click(within(members).getByRole('checkbox', { name: 'Job title' }));
    await user.click(within(members).getByRole('checkbox', { name: 'Emergency contact' }));
    await user.click(within(members).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      `PATCH ${shirt.uuid} {"version":2,"label":"Shirt size","required":false,"private":false,"selfEditable":true,"options":["S","M","L","XL"]}`,
      `DELETE ${badge.uuid} ?version=1`,
      'PATCH settings {"version":0,"selfEditable":["jobTitle","workPhone","workLocation"]}',
    ]);
    // The saved settings come back as the form's state (their new version included).
    const saved = () => within(screen.getByTestId('self-editable-settings'));
    await waitFor(() => expect(saved().getByRole('checkbox', { name: 'Job title' })).toBeChecked());
    expect(saved().getByRole('checkbox', { name: 'Emergency contact' })).not.toBeChecked();
  });
});
