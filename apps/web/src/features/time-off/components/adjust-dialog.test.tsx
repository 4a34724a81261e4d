import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { AdjustDialog } from './adjust-dialog';

const person = (firstName: string, n: number) => ({
  uuid: `10000000-0000-4000-8000-00000000000${n}`,
  firstName,
  lastName: 'Brown',
  avatar: null,
  email: `${firstName.toLowerCase()}@acme.test`,
  jobTitle: null,
  department: null,
  manager: null,
  workPhone: null,
  ended: false,
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('adjusting a balance', () => {
  it('opens with the person field focused but its list closed, and lists people as one types', async () => {
    server.use(
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({
          data: [person('Bob', 1), person('Ann', 2)],
          page: 1,
          itemsPerPage: 20,
          totalItems: 2,
          totalIsLowerBound: false,
        }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<AdjustDialog types={[]} onClose={() => {}} />);
    const field = await screen.findByRole('combobox', { name: /Person/ });
    await waitFor(() => expect(field).toHaveFocus());
    // The list over the form as soon as it opened hid everything else on a phone.
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'B');
    await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
  });

  it('says at each missing field that it is required and focuses the first', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0, totalIsLowerBound: false }),
      ),
      http.post(`${ORIGIN}/api/time-off/adjustments`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(
      <AdjustDialog
        types={[{ uuid: '20000000-0000-4000-8000-000000000001', name: 'Vacation', unit: 'days' } as never]}
        onClose={() => {}}
      />,
    );
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'Carried over');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Was one sentence above the form, no field marked.
    const personField = screen.getByRole('combobox', { name: /Person/ });
    await waitFor(() => expect(personField).toHaveAttribute('aria-invalid', 'true'));
    expect(personField).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Days/ })).toHaveAttribute('aria-invalid', 'true');
    expect(reason).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(sent).toEqual([]);
    // The shared schema's own rule, not only presence: an amount of zero changes no balance.
    await user.type(screen.getByRole('textbox', { name: /Days/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(1));
    expect(screen.getByText('This value is not valid.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('drops a field’s “required” once it is filled, so an amount out of range says its range', async () => {
    server.use(
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0, totalIsLowerBound: false }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(
      <AdjustDialog
        types={[{ uuid: '20000000-0000-4000-8000-000000000001', name: 'Vacation', unit: 'days' } as never]}
        onClose={() => {}}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Carried over');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: /Days/ }), '99999');
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByText('Enter a number from -3,660 to 3,660.')).toBeInTheDocument();
  });
});
