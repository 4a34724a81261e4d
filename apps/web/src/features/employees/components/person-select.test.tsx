import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { PersonSelect } from './person-select';

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
});
