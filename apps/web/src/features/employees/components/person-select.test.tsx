import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { PersonSelect } from './person-select';

const PEOPLE = [
  { uuid: '11111111-1111-4111-8111-111111111111', firstName: 'Alice', lastName: 'Anders' },
  { uuid: '22222222-2222-4222-8222-222222222222', firstName: 'Dev', lastName: 'Adams' },
  { uuid: '33333333-3333-4333-8333-333333333333', firstName: 'Dev', lastName: 'Berg' },
].map((p) => ({
  ...p,
  avatar: null,
  email: 'x@acme.test',
  jobTitle: null,
  department: null,
  manager: null,
  workPhone: null,
  ended: false,
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('picking a person', () => {
  it('says when nobody matches the search (a dash alone read as nothing happening)', async () => {
    server.use(
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0, totalIsLowerBound: false }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<PersonSelect label="Find a person" value={null} onChange={() => {}} />);
    await user.type(screen.getByRole('combobox', { name: 'Find a person' }), 'zzz');
    expect(await screen.findByText('Nobody found')).toBeInTheDocument();
  });

  it('opens on everyone, lists only matches under a search, and Enter on the chosen person keeps them', async () => {
    const searched: (string | null)[] = [];
    server.use(
      http.get(`${ORIGIN}/api/employees`, ({ request }) => {
        const q = new URL(request.url).searchParams.get('search');
        searched.push(q);
        const data = PEOPLE.filter((p) => !q || `${p.firstName} ${p.lastName}`.includes(q));
        return HttpResponse.json({
          data,
          page: 1,
          itemsPerPage: 20,
          totalItems: data.length,
          totalIsLowerBound: false,
        });
      }),
    );
    const user = userEvent.setup();
    const picked: (string | null)[] = [];
    renderScreen(
      <PersonSelect
        label="Manager"
        value={PEOPLE[0]!.uuid}
        initialLabel="Alice Anders"
        onChange={(v) => picked.push(v)}
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Manager' });
    await user.click(field);
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true })).toHaveLength(3));
    expect(searched).not.toContain('Alice Anders');
    await user.clear(field);
    await user.type(field, 'Dev');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
        'Dev Adams',
        'Dev Berg',
      ]),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toEqual([PEOPLE[1]!.uuid]);
  });
});
