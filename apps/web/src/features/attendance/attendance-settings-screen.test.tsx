import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import AttendanceSettingsScreen from './attendance-settings-screen';

const Search = () => <output data-testid="search">{useLocation().search}</output>;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('attendance settings screen', () => {
  it('keeps the chosen tab in the address: a reload opens it again, and choosing another writes it', async () => {
    // Only the open tab's panel is mounted: the holidays panel reads its list, nothing else is asked.
    server.use(
      http.get(`${ORIGIN}/api/attendance/holidays`, () =>
        HttpResponse.json({
          data: [{ uuid: '80000000-0000-4000-8000-000000000001', date: '2026-11-26', name: 'Thanksgiving' }],
          page: 1,
          itemsPerPage: 100,
          totalItems: 1,
        }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(
      <>
        <AttendanceSettingsScreen />
        <Search />
      </>,
      '/attendance/settings?tab=holidays',
    );
    expect(screen.getByRole('tab', { name: 'Public holidays' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Thanksgiving')).toBeInTheDocument();
    // Choosing the first tab takes the parameter away; another writes it.
    server.use(
      http.get(`${ORIGIN}/api/attendance/settings`, () =>
        HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('tab', { name: 'Public holidays' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=holidays');
  });

  it('opens the first tab on an unknown one', async () => {
    server.use(
      http.get(`${ORIGIN}/api/attendance/settings`, () =>
        HttpResponse.json({ timeZone: 'America/New_York', weekStart: 1, autoCloseMarginMinutes: 120, version: 1 }),
      ),
    );
    renderScreen(<AttendanceSettingsScreen />, '/attendance/settings?tab=nonsense');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });
});
