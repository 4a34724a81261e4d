import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTableState } from '../lib/use-table-state';
import { renderScreen } from '../test/render';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
}));

/** A listing over an in-memory "server" that honours page, search, sort and order like the API. */
function Harness() {
  const state = useTableState<'name', 'kind'>({ sorts: ['name'], defaultSort: 'name', filters: ['kind'] });
  const [selected, setSelected] = useState<string[]>([]);
  const location = useLocation();
  const matching = ALL.filter((r) => r.name.includes(state.search)).sort(
    (a, b) => a.name.localeCompare(b.name) * (state.order === 'asc' ? 1 : -1),
  );
  const rows = matching.slice((state.page - 1) * 10, state.page * 10);
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <DataTable
        caption="People"
        columns={[{ key: 'name', header: 'Name', sort: 'name', render: (r) => r.name }]}
        rows={rows}
        totalItems={matching.length}
        loading={false}
        state={state}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        selection={{ selected, onChange: setSelected, actions: <button type="button">Do it</button> }}
      />
    </>
  );
}

const names = () =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('DataTable', () => {
  it('opens the view a copied link describes (page, search, sort, order)', () => {
    renderScreen(<Harness />, '/people?page=2&sort=name&order=desc&search=Person');
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(names()[0]).toBe('Person 13');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByTestId('table-range')).toHaveTextContent('11–20 of 23');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Person');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('pages and sorts into the URL; sorting goes back to page 1', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />, '/people');
    expect(names()[0]).toBe('Person 01');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3');
    expect(names()).toEqual(['Person 21', 'Person 22', 'Person 23']);

    await user.click(screen.getByTestId('sort-name'));
    expect(screen.getByTestId('search')).toHaveTextContent('?sort=name&order=desc');
    expect(names()[0]).toBe('Person 23');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    // Keyboard: the sort control is a focusable button, Enter toggles it back.
    screen.getByTestId('sort-name').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('search')).toHaveTextContent('order=asc');
  });

  it('debounces the search into the URL and resets the page', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />, '/people?page=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Person 1');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?search=Person+1'));
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–10 of 10');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?search=nobody'));
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument();
  });

  it('selects rows for bulk actions, one by one or the whole page', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />, '/people');
    expect(screen.queryByRole('group', { name: 'Actions on the selection' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 02' }));
    expect(screen.getByRole('group', { name: 'Actions on the selection' })).toHaveTextContent('Selected: 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows of this page' }));
    expect(screen.getByText('Selected: 10')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows of this page' }));
    expect(screen.queryByRole('group', { name: 'Actions on the selection' })).toBeNull();
  });
});
