import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rawValuesIn } from '@wac/shared/raw-values';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ToastHost } from '../../../lib/notify';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { SchedulesPanel } from './schedules-panel';

const nine = { start: '09:00', end: '17:00' };
const schedule = (n: number, name: string, days: ({ start: string; end: string } | null)[], isDefault = false) => ({
  uuid: `60000000-0000-4000-8000-00000000000${n}`,
  name,
  days,
  breakMinutes: 30,
  graceMinutes: 10,
  isDefault,
  weeklyMinutes: 2250,
  version: 3,
});
const OFFICE = schedule(1, 'Office hours', [nine, nine, nine, nine, nine, null, null], true);
const ROTA = schedule(2, 'Support rota', [nine, nine, nine, nine, nine, { start: '10:00', end: '14:00' }, null]);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('work schedules panel', () => {
  it('writes each schedule’s week in the reader’s time, days of the same hours together', async () => {
    server.use(http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [OFFICE, ROTA] })));
    renderScreen(<SchedulesPanel />);
    const table = await screen.findByTestId('schedules-table');
    const rota = (await within(table).findByText('Support rota')).closest('tr') as HTMLElement;
    // It read "Mon 09:00–17:00, Tue 09:00–17:00, …, Sat 10:00–14:00": a 24-hour clock beside the
    // board's "8:46 AM", and every day repeated.
    const cell = rota.querySelectorAll('td')[1] as HTMLElement;
    const lines = [...cell.querySelectorAll('p')].map((p) => p.textContent?.replace(/[\u202f\u2009]/g, ' '));
    expect(lines).toEqual(['Mon – Fri 9:00 AM – 5:00 PM', 'Sat 10:00 AM – 2:00 PM']);
    // A time is never split over two lines on a phone.
    expect([...cell.querySelectorAll('p > span')].map((s) => (s as HTMLElement).style.whiteSpace)).toEqual([
      'nowrap',
      'nowrap',
    ]);
  });

  it('writes the times in German on a 24-hour clock, never in the US form', async () => {
    await setLanguage('de', false);
    server.use(http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [ROTA] })));
    renderScreen(<SchedulesPanel />);
    const table = await screen.findByTestId('schedules-table');
    await within(table).findByText('Support rota');
    expect(table).toHaveTextContent('Mo – Fr 09:00–17:00 Uhr');
    expect(rawValuesIn(table.textContent ?? '', 'de')).toEqual([]);
  });

  it('asks before removing a schedule, then removes it and says so (Cancel first)', async () => {
    await setLanguage('fr', false);
    const removed: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [OFFICE, ROTA] })),
      http.delete(`${ORIGIN}/api/attendance/schedules/:uuid`, ({ params, request }) => {
        removed.push(`${params.uuid as string}@${new URL(request.url).searchParams.get('version')}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(
      <>
        <SchedulesPanel />
        <ToastHost position="bottom-right" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Supprimer Support rota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer l’horaire de travail Support rota ?' });
    // One click no longer removed it at once.
    expect(removed).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(removed).toEqual([`${ROTA.uuid}@3`]));
    expect(await screen.findByText('Support rota a été supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
