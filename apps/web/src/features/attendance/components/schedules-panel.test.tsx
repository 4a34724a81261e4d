import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rawValuesIn } from '@wac/shared/raw-values';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { ToastHost } from '../../../lib/notify';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import type { HttpHandler } from 'msw';
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
  members: isDefault ? 41 : 2,
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

  it('reads weekly hours and grace as a duration in the reader’s language, each cell labelled for a phone', async () => {
    server.use(http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [OFFICE] })));
    const { unmount } = renderScreen(<SchedulesPanel />);
    const table = await screen.findByTestId('schedules-table');
    const weekly = await within(table).findByTestId('schedule-weekly');
    // It read "37:30", a time of day.
    expect(weekly).toHaveTextContent(/^37 hr 30 min$/);
    // On a phone the rows stack into cards (styles.css .stack-table), each cell named by its column.
    expect(table).toHaveClass('stack-table');
    expect(within(table).getByText('10 min')).toHaveRole('cell');
    unmount();
    await setLanguage('ar', false);
    renderScreen(<SchedulesPanel />);
    const ar = await screen.findByTestId('schedule-weekly');
    const hours = new Intl.NumberFormat('ar', { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(37);
    expect(ar.textContent).toContain(hours);
    expect(ar.textContent).not.toContain(':');
    expect(rawValuesIn(ar.textContent ?? '', 'ar')).toEqual([]);
  });
});

const person = (n: number) => ({
  userUuid: `61000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name: `Person ${n}`,
  email: `p${n}@acme.test`,
  since: n === 1 ? null : '2026-03-02',
});
const TEAM = { uuid: '62000000-0000-4000-8000-000000000001', name: 'Support' };

/** The schedules, the people of one, and the teams and departments the bulk dialog offers; `more` answer first. */
const serve = (...more: HttpHandler[]) =>
  server.use(
    ...more,
    http.get(`${ORIGIN}/api/attendance/schedules`, () => HttpResponse.json({ data: [OFFICE, ROTA] })),
    http.get(`${ORIGIN}/api/attendance/schedules/:uuid/members`, ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json({
        data: page === 1 ? [person(1), person(2)] : [person(3)],
        page,
        itemsPerPage: 20,
        totalItems: 41,
      });
    }),
    http.get(`${ORIGIN}/api/teams`, () =>
      HttpResponse.json({ data: [TEAM], page: 1, itemsPerPage: 100, totalItems: 1 }),
    ),
    http.get(`${ORIGIN}/api/departments/tree`, () => HttpResponse.json({ data: [] })),
    http.get(`${ORIGIN}/api/members`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 })),
  );

/** The panel with its toasts, and the bulk dialog opened from it. */
async function openBulkDialog() {
  const user = userEvent.setup();
  renderScreen(
    <>
      <SchedulesPanel />
      <ToastHost position="bottom-right" />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: 'Assign to many people' }));
  const dialog = await screen.findByRole('dialog', { name: 'Assign a schedule to many people' });
  return { user, dialog };
}

/** Chooses Support rota from January 1, 2027 in the open bulk dialog. */
async function chooseRotaFromNewYear(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Schedule' }));
  await user.click(await screen.findByRole('option', { name: 'Support rota', hidden: true }));
  await user.click(within(dialog).getByRole('button', { name: /^From/ }));
  const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
  for (let i = 0; i < 24 && !last('Friday, January 1, 2027'); i++) await user.click(last('Next month')!);
  await user.click(last('Friday, January 1, 2027')!);
}

describe('schedule overview and bulk assignment', () => {
  it('shows how many follow each schedule and who, paged by the server', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<SchedulesPanel />);
    const table = await screen.findByTestId('schedules-table');
    await user.click(await within(table).findByRole('button', { name: 'Show the 41 people on Office hours' }));
    const people = await screen.findByRole('table', { name: 'People on Office hours today' });
    expect(await within(people).findByText('Person 1')).toBeInTheDocument();
    // No assignment of their own: they follow the default; an assignment says since when.
    expect(within(people).getByText('No schedule of their own')).toBeInTheDocument();
    expect(within(people).getByText('Mar 2, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(people).findByText('Person 3')).toBeInTheDocument();
  });

  it('assigns a schedule to a whole team from a date in one request, and says how many', async () => {
    const sent: unknown[] = [];
    serve(
      http.post(`${ORIGIN}/api/attendance/assignments/bulk`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ assigned: 3 });
      }),
    );
    const { user, dialog } = await openBulkDialog();
    // Nothing chosen: each field says so, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(sent).toEqual([]);
    // The first field it names takes the focus (it stayed on Assign).
    await waitFor(() =>
      expect(dialog.querySelector('[aria-invalid="true"]')).toContainElement(document.activeElement as HTMLElement),
    );

    await chooseRotaFromNewYear(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'A whole team' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'A whole team' }));
    await user.click(await screen.findByRole('option', { name: 'Support', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(sent).toEqual([{ scheduleUuid: ROTA.uuid, effectiveFrom: '2027-01-01', teamUuid: TEAM.uuid }]),
    );
    expect(await screen.findByText('Support rota assigned to 3 people.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('assigns a department larger than 500 in the background and follows its progress until it is done', async () => {
    const BATCH = '63000000-0000-4000-8000-000000000001';
    let asked = 0;
    let listed = 0;
    serve(
      http.get(`${ORIGIN}/api/attendance/schedules`, () => {
        listed += 1;
        return HttpResponse.json({ data: [OFFICE, ROTA] });
      }),
      http.get(`${ORIGIN}/api/departments/tree`, () =>
        HttpResponse.json({ data: [{ uuid: TEAM.uuid, name: 'Operations', parentUuid: null, children: [] }] }),
      ),
      http.post(`${ORIGIN}/api/attendance/assignments/bulk`, () =>
        HttpResponse.json({ assigned: 0, queued: 1200, batchId: BATCH }),
      ),
      http.get(`${ORIGIN}/api/attendance/assignments/bulk/:uuid`, ({ params }) => {
        asked += 1;
        expect(params.uuid).toBe(BATCH);
        const assigned = asked === 1 ? 300 : 1200;
        return HttpResponse.json({
          batchId: BATCH,
          total: 1200,
          assigned,
          failed: 0,
          pending: 1200 - assigned,
          done: assigned === 1200,
        });
      }),
    );
    const { user, dialog } = await openBulkDialog();
    await chooseRotaFromNewYear(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'A whole department' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'A whole department' }));
    await user.click(await screen.findByRole('option', { name: 'Operations', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText('Support rota is being assigned to 1,200 people in the background.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const progress = await screen.findByTestId('bulk-progress');
    expect(await within(progress).findByText('People assigned: 300 of 1,200.')).toBeInTheDocument();
    expect(within(progress).getByText('Assigning a schedule in the background')).toBeInTheDocument();
    // Asked again each second until done; then the schedules' counts are read again.
    const before = listed;
    expect(
      await within(progress).findByText('People assigned: 1,200 of 1,200.', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(within(progress).getByText('Schedule assigned')).toBeInTheDocument();
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    const polls = asked;
    await new Promise((r) => setTimeout(r, 1500));
    expect(asked).toBe(polls);
    await user.click(within(progress).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('bulk-progress')).toBeNull();
  });

  it('says in the dialog, in the reader’s language, when the server refuses the chosen people', async () => {
    await setLanguage('pt', false);
    serve(
      http.get(`${ORIGIN}/api/members`, () =>
        HttpResponse.json({
          data: [{ uuid: person(5).userUuid, firstName: 'Rui', lastName: 'Sousa', email: 'rui@acme.test' }],
          page: 1,
          itemsPerPage: 20,
          totalItems: 1,
        }),
      ),
      http.post(`${ORIGIN}/api/attendance/assignments/bulk`, () =>
        HttpResponse.json(
          {
            code: 'SCHEDULE_PEOPLE_NOT_MEMBERS',
            message: 'Algumas das pessoas escolhidas não são membros desta empresa.',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<SchedulesPanel />);
    const table = await screen.findByTestId('schedules-table');
    await user.click(await within(table).findByRole('button', { name: 'Mostrar as 2 pessoas em Support rota' }));
    await user.click(await screen.findByRole('button', { name: 'Atribuir Support rota a mais pessoas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atribuir um horário a várias pessoas' });
    await user.click(within(dialog).getByRole('button', { name: /^A partir de/ }));
    const last = (name: string) => screen.queryAllByRole('button', { name, hidden: true }).at(-1);
    const day = new Intl.DateTimeFormat('pt-PT', { timeZone: 'UTC', dateStyle: 'full' }).format(
      new Date('2027-01-01T00:00:00Z'),
    );
    for (let i = 0; i < 24 && !last(day); i++) await user.click(last('Mês seguinte')!);
    await user.click(last(day)!);
    await user.click(within(dialog).getByPlaceholderText('Escreva um nome ou email'));
    await user.click(await screen.findByRole('option', { name: 'Rui Sousa (rui@acme.test)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Atribuir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Algumas das pessoas escolhidas não são membros desta empresa.',
    );
  });
});
