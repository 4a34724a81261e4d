import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { onToast } from '../../../lib/notify';
import { renderScreen } from '../../../test/render';
import { ORIGIN, server } from '../../../test/server';
import { CorrectionRequestDialog, defaultEnd, endsNextDay } from './correction-request-dialog';

const sent: Record<string, unknown>[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  sent.length = 0;
  await setLanguage('en', false);
});

function serve() {
  server.use(
    http.post(`${ORIGIN}/api/attendance/me/corrections`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({}, { status: 201 });
    }),
  );
}

describe('asking to add a missing entry', () => {
  it('takes its times on a 24-hour clock in German, whatever the browser, and sends them on the company clock', async () => {
    await setLanguage('de', false);
    serve();
    const user = userEvent.setup();
    renderScreen(<CorrectionRequestDialog date="2026-11-23" timeZone="UTC" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    // A native time field asked for "09:00 AM" in a German console on an English browser.
    expect(dialog.querySelector('input[type=time]')).toBeNull();
    const outHours = screen.getByRole('spinbutton', { name: 'Gehen, Stunden' });
    expect(screen.getByRole('spinbutton', { name: 'Kommen, Stunden' })).toHaveValue('09');
    expect(outHours).toHaveValue('17');
    expect(screen.queryByRole('combobox', { name: /Vormittag/ })).toBeNull();
    await user.clear(outHours);
    await user.type(outHours, '18');
    await user.type(screen.getByTestId('correction-reason'), 'Vergessen');
    await user.click(screen.getByRole('button', { name: 'Antrag senden' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'add',
      clockIn: '2026-11-23T09:00:00.000Z',
      clockOut: '2026-11-23T18:00:00.000Z',
    });
  });

  it('names each part of a time with the comma of its language (Arabic ،)', async () => {
    await setLanguage('ar', false);
    renderScreen(<CorrectionRequestDialog date="2026-11-23" timeZone="UTC" onClose={() => {}} />);
    await screen.findByRole('dialog');
    // It read "الحضور, الساعات", a Latin comma in Arabic speech.
    expect(screen.getByRole('spinbutton', { name: 'الحضور، الساعات' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'الانصراف، الدقائق' })).toBeInTheDocument();
  });

  it('offers no day after today in its calendar (an entry cannot end in the future)', async () => {
    const user = userEvent.setup();
    renderScreen(<CorrectionRequestDialog date="2026-11-23" timeZone="UTC" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Date/ }));
    // Today's month is the last one the calendar goes to.
    for (let i = 0; i < 24; i++) {
      const next = screen.getAllByRole('button', { name: 'Next month', hidden: true }).at(-1)!;
      if (next.hasAttribute('disabled') || next.getAttribute('data-disabled') === 'true') break;
      await user.click(next);
    }
    const next = screen.getAllByRole('button', { name: 'Next month', hidden: true }).at(-1)!;
    expect(next.hasAttribute('disabled') || next.getAttribute('data-disabled') === 'true').toBe(true);
    const today = new Date();
    const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
    const label = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(tomorrow);
    const day = screen.queryAllByRole('button', { name: label, hidden: true }).at(-1);
    // Tomorrow is either in a month the calendar no longer reaches, or shown and not to be picked.
    if (day) expect(day.hasAttribute('disabled') || day.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('says a time left empty at its field and sends nothing', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<CorrectionRequestDialog date="2026-11-23" timeZone="UTC" onClose={() => {}} />);
    await screen.findByRole('dialog');
    // English counts twelve hours, with its own day periods.
    expect(screen.getByRole('combobox', { name: 'In, AM or PM' })).toHaveValue('AM');
    const outHours = screen.getByRole('spinbutton', { name: 'Out, hours' });
    await user.click(outHours);
    await user.keyboard('{Backspace}{Backspace}');
    await user.type(screen.getByTestId('correction-reason'), 'Forgot');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    // The focus goes to the field that says why, not left on the button.
    await waitFor(() => expect(outHours).toHaveFocus());
  });

  it('takes the focus to the reason when only the reason is missing', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen(<CorrectionRequestDialog date="2026-11-23" timeZone="UTC" onClose={() => {}} />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('correction-reason')).toHaveFocus());
    expect(sent).toEqual([]);
  });
});

describe('an admin correcting a member’s entry', () => {
  it('applies it at once for that member, with the reason, and says an out before the in is the next day', async () => {
    const applied: Record<string, unknown>[] = [];
    server.use(
      http.post(`${ORIGIN}/api/attendance/corrections`, async ({ request }) => {
        applied.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const toasts: string[] = [];
    const stop = onToast((t) => toasts.push(String(t.message)));
    const user = userEvent.setup();
    const entry = {
      uuid: '11111111-1111-4111-8111-111111111111',
      workDate: '2026-11-23',
      clockIn: '2026-11-23T22:00:00.000Z',
      clockOut: '2026-11-24T02:00:00.000Z',
    } as never;
    renderScreen(
      <CorrectionRequestDialog
        entry={entry}
        date="2026-11-23"
        timeZone="UTC"
        person={{ uuid: '22222222-2222-4222-8222-222222222222', name: 'Bob Member' }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByRole('dialog', { name: "Correct Bob Member's entry" })).toBeVisible();
    // 22:00 to 02:00: the out is on the next day, and the dialog says which.
    expect(screen.getByTestId('ends-next-day')).toHaveTextContent('The out time is on the next day, Nov 24, 2026.');
    await user.type(screen.getByTestId('correction-reason'), 'Left at two');
    await user.click(screen.getByRole('button', { name: 'Apply the correction' }));
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toEqual({
      userUuid: '22222222-2222-4222-8222-222222222222',
      kind: 'change',
      entryUuid: '11111111-1111-4111-8111-111111111111',
      clockIn: '2026-11-23T22:00:00.000Z',
      clockOut: '2026-11-24T02:00:00.000Z',
      reason: 'Left at two',
    });
    expect(sent).toEqual([]);
    await waitFor(() => expect(toasts).toEqual(['The correction was applied.']));
    stop();
  });
});

describe('an out time before the in time', () => {
  it('is the next day for a night shift, a typo past 16 hours (said at the field, nothing sent)', async () => {
    expect(endsNextDay('22:00', '06:00')).toBe('nextDay');
    expect(endsNextDay('09:24', '17:02')).toBe('sameDay');
    expect(endsNextDay('09:24', '07:00')).toBe('tooLong');
    expect(endsNextDay('08:00', '00:00')).toBe('nextDay');
    expect(endsNextDay('07:59', '00:00')).toBe('tooLong');
    const applied: unknown[] = [];
    server.use(
      http.post(`${ORIGIN}/api/attendance/corrections`, async ({ request }) => {
        applied.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const entry = {
      uuid: '11111111-1111-4111-8111-111111111111',
      workDate: '2026-12-01',
      clockIn: '2026-12-01T09:24:00.000Z',
      clockOut: '2026-12-01T07:00:00.000Z',
    } as never;
    renderScreen(
      <CorrectionRequestDialog
        entry={entry}
        date="2026-12-01"
        timeZone="UTC"
        person={{ uuid: '22222222-2222-4222-8222-222222222222', name: 'Bob Member' }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(
      await screen.findByText('The out time is before the in time. A shift past midnight can last at most 16 hours.'),
    ).toBeVisible();
    expect(screen.queryByTestId('ends-next-day')).toBeNull();
    await user.type(screen.getByTestId('correction-reason'), 'Left early');
    await user.click(screen.getByRole('button', { name: 'Apply the correction' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(applied).toEqual([]);
  });
});

describe('the end a correction starts from', () => {
  const open = (workDate: string, clockIn: string) => ({ uuid: 'e1', workDate, clockIn, clockOut: null }) as never;
  const tz = 'America/New_York';
  it('is now for an entry still open today, not 17:00 in the future that the server refuses', () => {
    // Bob clocked in at 13:58 in New York; it is 14:30 there.
    expect(defaultEnd(open('2026-11-28', '2026-11-28T18:58:00Z'), tz, new Date('2026-11-28T19:30:00Z'))).toBe('14:30');
  });
  it('is 17:00 for an entry left open on an earlier day, or after five', () => {
    expect(defaultEnd(open('2026-11-27', '2026-11-27T13:58:00Z'), tz, new Date('2026-11-28T19:30:00Z'))).toBe('17:00');
    expect(defaultEnd(open('2026-11-28', '2026-11-28T13:58:00Z'), tz, new Date('2026-11-28T23:30:00Z'))).toBe('17:00');
  });
  it("is the entry's own clock-out when it has one", () => {
    const closed = {
      uuid: 'e1',
      workDate: '2026-11-27',
      clockIn: '2026-11-27T13:58:00Z',
      clockOut: '2026-11-27T22:05:00Z',
    };
    expect(defaultEnd(closed as never, tz, new Date('2026-11-28T19:30:00Z'))).toBe('17:05');
  });
});
