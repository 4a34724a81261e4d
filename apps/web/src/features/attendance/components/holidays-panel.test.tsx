import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ToastHost } from '../../../lib/notify';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { HolidaysPanel } from './holidays-panel';

const year = new Date().getFullYear();
const HOLIDAY = { uuid: '80000000-0000-4000-8000-000000000001', date: `${year}-11-26`, name: 'Thanksgiving' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en', false);
});

describe('public holidays panel', () => {
  it('asks before removing a holiday, naming its day, Cancel first; then removes it and says so (Portuguese)', async () => {
    await setLanguage('pt', false);
    let holidays = [HOLIDAY];
    const removed: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/attendance/holidays`, () =>
        HttpResponse.json({ data: holidays, page: 1, itemsPerPage: 100, totalItems: holidays.length }),
      ),
      http.delete(`${ORIGIN}/api/attendance/holidays/:uuid`, ({ params }) => {
        removed.push(params.uuid as string);
        holidays = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(
      <>
        <HolidaysPanel />
        <ToastHost position="bottom-right" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Remover Thanksgiving' }));
    // One click removed it at once, with no word.
    const dialog = await screen.findByRole('dialog', { name: 'Remover o feriado Thanksgiving?' });
    expect(removed).toEqual([]);
    const day = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${HOLIDAY.date}T00:00:00Z`),
    );
    expect(dialog).toHaveTextContent(`${day} volta a ser um dia de trabalho`);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(removed).toEqual([HOLIDAY.uuid]));
    expect(await screen.findByText('Thanksgiving foi removido.')).toBeInTheDocument();
  });
});
