import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { useTableState } from '../lib/use-table-state';
import { renderScreen } from '../test/render';
import { DataTable, NARROW_QUERY } from './data-table';

/** The page as a phone sees it: the narrow media query matches. */
function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: query === NARROW_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

interface Row {
  id: string;
  name: string;
  /** Every second person has one, from Person 02. */
  phone: string | null;
}
const ALL: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `Person ${String(i + 1).padStart(2, '0')}`,
  phone: i % 2 ? `+1 555 01${String(i).padStart(2, '0')}` : null,
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
        columns={[
          { key: 'name', header: 'Name', sort: 'name', render: (r) => r.name, card: 'title' },
          { key: 'kind', header: 'Kind', render: () => 'Person' },
          { key: 'phone', header: 'Work phone', render: (r) => (r.phone ? <span dir="ltr">{r.phone}</span> : '') },
          {
            key: 'actions',
            header: 'Actions',
            card: 'actions',
            render: (r) => <button type="button">{`Open ${r.name}`}</button>,
          },
        ]}
        filters={
          <select
            aria-label="Kind"
            value={state.filters.kind ?? ''}
            onChange={(e) => state.setFilter('kind', e.currentTarget.value || null)}
          >
            <option value="">Any kind</option>
            <option value="person">Person</option>
          </select>
        }
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
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

/**
 * A bare listing of entries: `rows` undefined is one whose first answer has not come yet (loading,
 * or waiting out a database outage); `capped` one whose server stopped counting at 10,000 matches
 * (the audit log, filtered).
 */
function Entries({ rows, capped = false }: { rows?: { id: string }[]; capped?: boolean }) {
  const state = useTableState<'name', 'kind'>({ sorts: ['name'], defaultSort: 'name', filters: ['kind'] });
  return (
    <DataTable
      caption="Entries"
      columns={[{ key: 'name', header: 'Name', render: (r: { id: string }) => r.id }]}
      rows={rows}
      totalItems={rows && (capped ? 10_000 : rows.length)}
      totalIsLowerBound={capped}
      loading={!rows}
      state={state}
      rowId={(r) => r.id}
    />
  );
}

afterEach(() => setLanguage('en', false));

describe('DataTable', () => {
  it('says "more than" when the server stopped counting, its numbers in the reader\'s language', async () => {
    renderScreen(<Entries rows={Array.from({ length: 10 }, (_, i) => ({ id: `e${i}` }))} capped />, '/log?page=2');
    expect(screen.getByTestId('table-range')).toHaveTextContent('11–20 of more than 10,000');
    await setLanguage('de', false);
    expect(await screen.findByText('11–20 von mehr als 10.000')).toBeInTheDocument();
  });

  it('counts nothing before its first answer: "Loading…", not "0–0 of 0"', () => {
    renderScreen(<Entries />, '/log');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toBeEmptyDOMElement();
  });

  it('says an empty answer once, in the table, not also as "0–0 of 0" under it', () => {
    renderScreen(<Harness />, '/people?search=nobody-by-this-name');
    expect(screen.getByText('Nothing matches “nobody-by-this-name”.')).toBeInTheDocument();
    expect(screen.getByTestId('table-range')).toBeEmptyDOMElement();
  });

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
    // An empty search says what found nothing and offers the whole listing back.
    expect(screen.getByText('Nothing matches “nobody”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    expect(screen.getByTestId('table-range')).toHaveTextContent('1–10 of 23');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
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

  describe('on a phone', () => {
    it('shows each row as a card with its fields and actions, nothing in a table', async () => {
      const restore = asPhone();
      try {
        const user = userEvent.setup();
        renderScreen(<Harness />, '/people');
        expect(screen.queryByRole('table')).toBeNull();
        const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
        expect(cards).toHaveLength(10);
        const first = cards[0] as HTMLElement;
        expect(first).toHaveTextContent('Person 01');
        expect(within(first).getByRole('term')).toHaveTextContent('Kind');
        expect(within(first).getByRole('definition')).toHaveTextContent('Person');
        expect(within(first).getByRole('button', { name: 'Open Person 01' })).toBeVisible();
        await user.click(within(first).getByRole('checkbox', { name: 'Select Person 01' }));
        expect(screen.getByText('Selected: 1')).toBeInTheDocument();
      } finally {
        restore();
      }
    });

    it('leaves out a field with nothing in it, rather than its label over a blank', async () => {
      const restore = asPhone();
      try {
        renderScreen(<Harness />, '/people');
        const [without, withPhone] = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem') as [
          HTMLElement,
          HTMLElement,
        ];
        expect(
          within(without)
            .getAllByRole('term')
            .map((dt) => dt.textContent),
        ).toEqual(['Kind']);
        expect(within(without).queryByText('Work phone')).toBeNull();
        expect(
          within(withPhone)
            .getAllByRole('term')
            .map((dt) => dt.textContent),
        ).toEqual(['Kind', 'Work phone']);
        expect(within(withPhone).getAllByRole('definition')[1]).toHaveTextContent('+1 555 0101');
      } finally {
        restore();
      }
    });

    it('folds the filters and the sort into a sheet', async () => {
      const restore = asPhone();
      try {
        const user = userEvent.setup();
        renderScreen(<Harness />, '/people');
        // The filter is not on the page until the sheet opens.
        expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
        await user.click(screen.getByTestId('table-filters'));
        const sheet = await screen.findByRole('dialog', { name: 'Filters' });
        await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Kind' }), 'person');
        expect(screen.getByTestId('search')).toHaveTextContent('?kind=person');
        await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Sort by' }), 'Name, descending');
        expect(screen.getByTestId('search')).toHaveTextContent('sort=name&order=desc');
        await user.click(within(sheet).getByRole('button', { name: 'Show results' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // The button counts the filters in use.
        expect(screen.getByTestId('table-filters')).toHaveTextContent('1');
        const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
        expect(cards[0]).toHaveTextContent('Person 23');
      } finally {
        restore();
      }
    });
  });
});
