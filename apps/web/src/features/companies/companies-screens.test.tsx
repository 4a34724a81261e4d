import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawValuesIn } from '@wac/shared/raw-values';
import { setLanguage } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
import { sessionStore } from '../../lib/session/store';
import { captureDownloads, csvExport } from '../../test/downloads';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import CompaniesScreen from './companies-screen';
import CompanyScreen from './company-screen';
import { CompanyCreateDialog } from './components/company-create-dialog';

const company = {
  uuid: '30000000-0000-4000-8000-000000000001',
  name: 'Globex',
  title: 'Globex',
  description: null,
  subDomain: 'globex',
  logo: null,
  enabled: true,
  plan: 'pro-plan-monthly',
  trialEndsAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const user = {
  uuid: '00000000-0000-4000-8000-000000000001',
  membershipUuid: '10000000-0000-4000-8000-000000000001',
  email: 'gus@globex.test',
  firstName: 'Gus',
  lastName: 'Globex',
  avatar: null,
  roles: ['member'],
  enabled: true,
  schedulingEnabled: true,
  emailEnabled: true,
  videoCallEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const pageOf = (data: unknown[]) => HttpResponse.json({ data, page: 1, itemsPerPage: 10, totalItems: data.length });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
  vi.restoreAllMocks();
});

const exportButton = () => screen.getByRole('button', { name: 'Export CSV' });

describe('companies screen', () => {
  it('shows plans, statuses and dates in the reader language, never as codes (German)', async () => {
    await setLanguage('de', false);
    try {
      server.use(
        http.get(`${ORIGIN}/api/companies`, () =>
          pageOf([{ ...company, memberCount: 1234, trialEndsAt: '2099-03-04T10:00:00.000Z' }]),
        ),
      );
      renderScreen(<CompaniesScreen />, '/companies');
      expect(await screen.findByText('Pro, monatlich')).toBeInTheDocument();
      expect(screen.getByText('01.01.2026')).toBeInTheDocument();
      expect(screen.getByRole('cell', { name: '1.234' })).toBeInTheDocument();
      expect(screen.getByText('04.03.2099')).toBeInTheDocument();
      expect(rawValuesIn(document.body.textContent ?? '', 'de')).toEqual([]);
    } finally {
      await setLanguage('en', false);
    }
  });

  it('exports every company of the filtered list as CSV: the view in the URL, without the page', async () => {
    const exports: URL[] = [];
    server.use(
      http.get(`${ORIGIN}/api/companies`, () => pageOf([{ ...company, memberCount: 3 }])),
      csvExport('/api/companies/export.csv', exports),
    );
    const downloads = captureDownloads();
    renderScreen(<CompaniesScreen />, '/companies?page=3&search=glob&enabled=true&sort=subDomain&order=desc');
    expect(await screen.findByRole('link', { name: 'Globex' })).toBeInTheDocument();
    await userEvent.setup().click(exportButton());
    await waitFor(() => expect(downloads).toEqual(['companies.csv']));
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { search: 'glob', enabled: 'true', sort: 'subDomain', order: 'desc' },
    ]);
  });
});

describe('companies screen: members and trial ends', () => {
  it('shows each company’s members and trial end: a date, "Ended" in words once past, "—" for none', async () => {
    const rows = [
      {
        ...company,
        uuid: '30000000-0000-4000-8000-000000000011',
        name: 'Running',
        memberCount: 0,
        trialEndsAt: '2099-01-31T12:00:00.000Z',
      },
      {
        ...company,
        uuid: '30000000-0000-4000-8000-000000000012',
        name: 'Lapsed',
        memberCount: 12,
        trialEndsAt: '2020-06-15T12:00:00.000Z',
      },
      {
        ...company,
        uuid: '30000000-0000-4000-8000-000000000013',
        name: 'Paying',
        memberCount: 1000000,
        trialEndsAt: null,
      },
    ];
    server.use(http.get(`${ORIGIN}/api/companies`, () => pageOf(rows)));
    renderScreen(<CompaniesScreen />, '/companies');
    const table = await screen.findByTestId('companies-table');
    const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Active members' })).toBeInTheDocument();
    // The count is not a sort the server offers: its header is no button.
    expect(within(screen.getByRole('columnheader', { name: 'Active members' })).queryByRole('button')).toBeNull();
    const running = await rowOf('Running');
    expect(within(running).getByText('Jan 31, 2099')).toBeInTheDocument();
    expect(within(running).queryByText('Ended')).toBeNull();
    const lapsed = await rowOf('Lapsed');
    expect(within(lapsed).getByText('Jun 15, 2020')).toBeInTheDocument();
    expect(within(lapsed).getByText('Ended')).toBeInTheDocument();
    expect(within(lapsed).getByRole('cell', { name: '12' })).toBeInTheDocument();
    const paying = await rowOf('Paying');
    expect(within(paying).getByRole('cell', { name: '1,000,000' })).toBeInTheDocument();
    expect(within(paying).getByText('No trial')).toBeInTheDocument();
    expect(paying.textContent).toContain('—');
    expect(rawValuesIn(table.textContent ?? '', 'en')).toEqual([]);
  });

  it('says "Ended" in Arabic too', async () => {
    await setLanguage('ar', false);
    try {
      server.use(
        http.get(`${ORIGIN}/api/companies`, () =>
          pageOf([{ ...company, memberCount: 7, trialEndsAt: '2020-06-15T12:00:00.000Z' }]),
        ),
      );
      renderScreen(<CompaniesScreen />, '/companies');
      expect(await screen.findByText('انتهت')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'الأعضاء النشطون' })).toBeInTheDocument();
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('company screen', () => {
  it('exports the company’s users as the table shows them, named after its sub-domain', async () => {
    const exports: URL[] = [];
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([user])),
      csvExport(`/api/companies/${company.uuid}/users/export.csv`, exports),
    );
    const downloads = captureDownloads();
    renderScreen(
      <Routes>
        <Route path="/companies/:uuid" element={<CompanyScreen />} />
      </Routes>,
      `/companies/${company.uuid}?u.page=2&u.search=gus&u.sort=email&u.order=desc`,
    );
    expect(await screen.findByRole('cell', { name: 'gus@globex.test' })).toBeInTheDocument();
    await userEvent.setup().click(exportButton());
    await waitFor(() => expect(downloads).toEqual(['globex-users.csv']));
    expect(exports.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { search: 'gus', sort: 'email', order: 'desc' },
    ]);
  });

  it('saving the description leaves the trial’s end where it was (not that day’s midnight)', async () => {
    sessionStore.reset({
      status: 'ready',
      user: {
        uuid: '11111111-1111-4111-8111-111111111111',
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Super',
        phone: null,
        avatar: null,
        language: null,
        roles: ['super_admin', 'super_admin_write'],
        companyUuids: [],
      },
    });
    const onTrial = { ...company, trialEndsAt: '2026-12-05T09:58:00.000Z' };
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(onTrial)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([])),
      http.patch(`${ORIGIN}/api/companies/${company.uuid}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.invitationLimitDay !== undefined && body.invitationLimitDay !== null)
          return HttpResponse.json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              issues: [{ path: 'body.invitationLimitDay', code: 'invalid', message: 'This value is not valid.' }],
            },
            { status: 400 },
          );
        return HttpResponse.json({ ...onTrial, ...body, version: 2 });
      }),
    );
    renderScreen(
      <Routes>
        <Route path="/companies/:uuid" element={<CompanyScreen />} />
      </Routes>,
      `/companies/${company.uuid}`,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), 'Maker of things');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ description: 'Maker of things' });
    expect(sent[0]).not.toHaveProperty('trialEndsAt');

    // A limit past the highest is sent as typed (the server says it is not valid), not made the
    // highest behind the admin's back.
    const perDay = screen.getByTestId('invitation-limit-day');
    await user.type(perDay, '99999999999');
    await user.tab();
    expect(perDay).toHaveValue('99999999999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ invitationLimitDay: 99999999999 });
    // Refused, the field says the range, not 'This value is not valid.'
    expect(await screen.findByText('Enter a whole number from 1 to 1,000,000.')).toBeInTheDocument();
  });

  it('the enabled switch sends the flag alone and says what it did, in the reader’s language', async () => {
    sessionStore.reset({
      status: 'ready',
      user: {
        uuid: '11111111-1111-4111-8111-111111111111',
        email: 'sam@example.com',
        firstName: 'Sam',
        lastName: 'Super',
        phone: null,
        avatar: null,
        language: null,
        roles: ['super_admin', 'super_admin_write'],
        companyUuids: [],
      },
    });
    let current = { ...company };
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(current)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([])),
      http.patch(`${ORIGIN}/api/companies/${company.uuid}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        current = { ...current, ...body, version: current.version + 1 };
        return HttpResponse.json(current);
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      renderScreen(
        <Routes>
          <Route path="/companies/:uuid" element={<CompanyScreen />} />
        </Routes>,
        `/companies/${company.uuid}`,
      );
      const user = userEvent.setup();
      // An edit not saved yet stays out of the switch's request.
      await user.type(await screen.findByLabelText('Description'), 'Not saved');
      await user.click(screen.getByRole('switch', { name: 'Company enabled' }));
      // Disabling locks every member out: asked first, and Cancel sends nothing.
      const ask = await screen.findByRole('dialog', { name: 'Disable Globex?' });
      expect(ask).toHaveTextContent('Every member of Globex loses access to it at once');
      await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
      expect(sent).toEqual([]);
      await user.click(screen.getByRole('switch', { name: 'Company enabled' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Disable' }));
      await waitFor(() => expect(toasts).toHaveLength(1));
      // The card is not rebuilt by the save: the focus goes back to the switch, not to the page.
      await waitFor(() => expect(screen.getByRole('switch', { name: 'Company enabled' })).toHaveFocus());
      await setLanguage('fr', false);
      await user.click(screen.getByRole('switch', { name: 'Entreprise activée' }));
      await waitFor(() => expect(toasts).toHaveLength(2));
    } finally {
      stop();
      await setLanguage('en', false);
    }
    expect(sent).toEqual([
      { version: 1, enabled: false },
      { version: 2, enabled: true },
    ]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([
      ['green', 'Company Globex disabled.'],
      ['green', 'Entreprise Globex activée.'],
    ]);
  });

  it('says that no admin has joined yet rather than showing an empty Admins card', async () => {
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([])),
    );
    renderScreen(
      <Routes>
        <Route path="/companies/:uuid" element={<CompanyScreen />} />
      </Routes>,
      `/companies/${company.uuid}`,
    );
    expect(
      await screen.findByText('No admin has joined yet. An invited admin appears here once they accept.'),
    ).toBeInTheDocument();
  });
});

const superAdmin = {
  status: 'ready' as const,
  user: {
    uuid: '11111111-1111-4111-8111-111111111111',
    email: 'sam@example.com',
    firstName: 'Sam',
    lastName: 'Super',
    phone: null,
    avatar: null,
    language: null,
    roles: ['super_admin', 'super_admin_write'],
    companyUuids: [],
  },
};

describe('company users, for a super admin', () => {
  const bob = {
    ...user,
    uuid: '00000000-0000-4000-8000-000000000002',
    firstName: 'Bob',
    lastName: 'Brown',
    version: 4,
  };
  const route = () =>
    renderScreen(
      <Routes>
        <Route path="/companies/:uuid" element={<CompanyScreen />} />
      </Routes>,
      `/companies/${company.uuid}`,
    );

  it('disables a user and makes one an admin from the company screen, and says what it did (French)', async () => {
    // The table was read-only: the server's routes for it had no screen, and the platform had to
    // open the company's own console to disable one of its people.
    sessionStore.reset(superAdmin);
    await setLanguage('fr', false);
    let rows = [{ ...user }, { ...bob }];
    const sent: [string, Record<string, unknown>][] = [];
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () =>
        pageOf(rows.filter((r) => r.roles.includes('admin'))),
      ),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf(rows)),
      http.patch(`${ORIGIN}/api/companies/${company.uuid}/users/:userUuid`, async ({ params, request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push([params.userUuid as string, body]);
        rows = rows.map((r) => (r.uuid === params.userUuid ? { ...r, ...body, version: r.version + 1 } : r));
        return HttpResponse.json(rows.find((r) => r.uuid === params.userUuid));
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      route();
      const u = userEvent.setup();
      const disable = await screen.findByRole('button', { name: 'Désactiver : Bob Brown, Globex' });
      // Each button's name begins with what it shows (WCAG 2.5.3, label in name; axe caught it).
      for (const b of screen.getAllByRole('button', { name: /: .*, Globex$/ })) {
        expect(b.getAttribute('aria-label')?.startsWith(b.textContent ?? '-')).toBe(true);
      }
      await u.click(disable);
      await waitFor(() => expect(toasts).toHaveLength(1));
      // The row follows: Bob can now be enabled again.
      expect(await screen.findByRole('button', { name: 'Activer : Bob Brown, Globex' })).toBeInTheDocument();
      await u.click(screen.getByRole('button', { name: 'Nommer admin : Gus Globex, Globex' }));
      await waitFor(() => expect(toasts).toHaveLength(2));
      expect(await screen.findByRole('button', { name: 'Retirer admin : Gus Globex, Globex' })).toBeInTheDocument();
    } finally {
      stop();
      await setLanguage('en', false);
    }
    expect(sent).toEqual([
      [bob.uuid, { version: 4, enabled: false }],
      [user.uuid, { version: 1, roles: ['admin'] }],
    ]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([
      ['green', 'Bob Brown est désactivé dans Globex et ne peut plus l’utiliser.'],
      ['green', 'Gus Globex est désormais administrateur de Globex.'],
    ]);
  });

  /** Globex with Gus (member) and Bob (admin); every write the screen sends, in order. */
  const world = () => {
    const state = { rows: [{ ...user }, { ...bob, roles: ['admin'] }], sent: [] as Array<[string, string, unknown]> };
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () =>
        pageOf(state.rows.filter((r) => r.roles.includes('admin'))),
      ),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf(state.rows)),
    );
    return state;
  };
  const refused = (code: string, message: string, status: number) =>
    HttpResponse.json({ code, message, issues: [] }, { status });

  it('adds a person with an account as admin; an unknown email is refused on its field, not toasted', async () => {
    sessionStore.reset(superAdmin);
    const state = world();
    const known = {
      ...user,
      uuid: '00000000-0000-4000-8000-000000000003',
      email: 'ann@globex.test',
      firstName: 'Ann',
      lastName: 'Ames',
    };
    server.use(
      http.post(`${ORIGIN}/api/companies/${company.uuid}/users`, async ({ request }) => {
        const body = (await request.json()) as { email: string; roles: string[] };
        state.sent.push(['POST', 'users', body]);
        if (body.email !== known.email)
          return refused(
            'UNKNOWN_EMAIL',
            'No account uses this email address. Check it, or ask the person to sign up first.',
            404,
          );
        state.rows = [...state.rows, { ...known, roles: body.roles }];
        return HttpResponse.json({ invited: false, userUuid: known.uuid }, { status: 201 });
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      route();
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'Add user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a user to Globex' });
      await u.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'ghost@nowhere.test');
      await u.click(within(dialog).getByRole('button', { name: 'Add user' }));
      expect(
        await within(dialog).findByText(
          'No account uses this email address. Check it, or ask the person to sign up first.',
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
      await u.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
      await u.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'ann@globex.test');
      await u.click(within(dialog).getByLabelText('Role'));
      await u.click(await screen.findByRole('option', { name: 'Admin', hidden: true }));
      await u.click(within(dialog).getByRole('button', { name: 'Add user' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('cell', { name: 'ann@globex.test' })).toBeInTheDocument();
      await waitFor(() => expect(toasts).toHaveLength(1));
    } finally {
      stop();
    }
    expect(state.sent).toEqual([
      ['POST', 'users', { email: 'ghost@nowhere.test', roles: ['member'] }],
      ['POST', 'users', { email: 'ann@globex.test', roles: ['admin'] }],
    ]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([['green', 'ann@globex.test was added to Globex.']]);
  });

  it('offers to invite an unknown email instead, and sends the invitation only when asked', async () => {
    sessionStore.reset(superAdmin);
    const state = world();
    server.use(
      http.post(`${ORIGIN}/api/companies/${company.uuid}/users`, async ({ request }) => {
        const body = (await request.json()) as { email: string; roles: string[]; invite?: boolean };
        state.sent.push(['POST', 'users', body]);
        if (!body.invite)
          return refused(
            'UNKNOWN_EMAIL',
            'No account uses this email address. Check it, or ask the person to sign up first.',
            404,
          );
        return HttpResponse.json({ invited: true, userUuid: null }, { status: 201 });
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      route();
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'Add user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a user to Globex' });
      expect(within(dialog).queryByRole('button', { name: 'Send an invitation' })).toBeNull();
      await u.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'new@globex.test');
      await u.click(within(dialog).getByRole('button', { name: 'Add user' }));
      expect(await within(dialog).findByText(/new@globex.test has no account yet/)).toBeInTheDocument();
      expect(state.sent).toHaveLength(1);
      await u.click(within(dialog).getByRole('button', { name: 'Send an invitation' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(toasts).toHaveLength(1));
    } finally {
      stop();
    }
    expect(state.sent).toEqual([
      ['POST', 'users', { email: 'new@globex.test', roles: ['member'] }],
      ['POST', 'users', { email: 'new@globex.test', roles: ['member'], invite: true }],
    ]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([
      ['green', 'Invitation sent to new@globex.test to join Globex.'],
    ]);
  });

  it('removes a person only once confirmed, and shows the server’s reason for the last admin (Arabic)', async () => {
    sessionStore.reset(superAdmin);
    const state = world();
    server.use(
      http.delete(`${ORIGIN}/api/companies/${company.uuid}/users/:userUuid`, ({ params, request }) => {
        state.sent.push(['DELETE', params.userUuid as string, new URL(request.url).searchParams.get('version')]);
        if (params.userUuid === bob.uuid)
          return refused('LAST_ADMIN', 'يجب أن تحتفظ الشركة بمسؤول مفعل واحد على الأقل.', 409);
        state.rows = state.rows.filter((r) => r.uuid !== params.userUuid);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await setLanguage('ar', false);
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      route();
      const u = userEvent.setup();
      // Cancel sends nothing.
      await u.click(await screen.findByRole('button', { name: 'إزالة: Gus Globex، Globex' }));
      const ask = await screen.findByRole('dialog', { name: 'إزالة من الشركة؟' });
      expect(ask).toHaveTextContent('gus@globex.test');
      await u.click(within(ask).getByRole('button', { name: 'إلغاء' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(state.sent).toEqual([]);
      // The last admin: refused, said in the reader's language, still listed.
      await u.click(screen.getByRole('button', { name: 'إزالة: Bob Brown، Globex' }));
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'إزالة' }));
      await waitFor(() => expect(toasts).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('cell', { name: 'Bob Brown' })).toBeInTheDocument();
      // A member: removed, and the row goes.
      await u.click(screen.getByRole('button', { name: 'إزالة: Gus Globex، Globex' }));
      await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'إزالة' }));
      await waitFor(() => expect(toasts).toHaveLength(2));
      await waitFor(() => expect(screen.queryByRole('cell', { name: 'Gus Globex' })).toBeNull());
    } finally {
      stop();
      await setLanguage('en', false);
    }
    expect(state.sent).toEqual([
      ['DELETE', bob.uuid, '4'],
      ['DELETE', user.uuid, '1'],
    ]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([
      ['red', 'يجب أن تحتفظ الشركة بمسؤول مفعل واحد على الأقل.'],
      ['green', 'تمت إزالة Gus Globex من Globex.'],
    ]);
  });

  it('ends a person’s sessions in this company once confirmed, with the server’s words', async () => {
    sessionStore.reset(superAdmin);
    const state = world();
    server.use(
      http.post(`${ORIGIN}/api/companies/${company.uuid}/users/:userUuid/sessions/revoke`, ({ params }) => {
        state.sent.push(['POST', params.userUuid as string, 'revoke']);
        return HttpResponse.json({ message: 'User session has been revoked successfully' });
      }),
    );
    const toasts: ToastRequest[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      route();
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'End sessions: Gus Globex, Globex' }));
      const ask = await screen.findByRole('dialog', { name: 'End their sessions in this company?' });
      expect(ask).toHaveTextContent(
        'Gus Globex will be signed out of Globex on every device. Their sessions in other companies go on.',
      );
      // Cancel has the focus first: Enter does not end anything by accident.
      await waitFor(() => expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus());
      await u.click(within(ask).getByRole('button', { name: 'End sessions' }));
      await waitFor(() => expect(toasts).toHaveLength(1));
    } finally {
      stop();
    }
    expect(state.sent).toEqual([['POST', user.uuid, 'revoke']]);
    expect(toasts.map((t) => [t.color, t.message])).toEqual([['green', 'User session has been revoked successfully']]);
  });

  it('offers no change to a super admin who only reads', async () => {
    sessionStore.reset({ ...superAdmin, user: { ...superAdmin.user, roles: ['super_admin'] } });
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([user, bob])),
    );
    route();
    expect(await screen.findByText('Bob Brown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Disable|Make admin|Remove|End sessions|Add user/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});

describe('company create and edit forms', () => {
  it('proposes the sub-domain from the company name until the admin types their own, as sign-up does', async () => {
    renderScreen(<CompanyCreateDialog opened onClose={() => undefined} />);
    const user = userEvent.setup();
    const subDomain = await screen.findByLabelText(/Sub-domain/);
    await user.type(screen.getByLabelText(/Company/), 'Initech Ltd');
    expect(subDomain).toHaveValue('initech-ltd');
    await user.clear(subDomain);
    await user.type(subDomain, 'initech');
    await user.type(screen.getByLabelText(/Company/), ' Group');
    expect(subDomain).toHaveValue('initech');
  });

  it('shows a refused sub-domain on its field, not only "Some fields are not valid."', async () => {
    sessionStore.reset(superAdmin);
    server.use(
      http.get(`${ORIGIN}/api/companies/${company.uuid}`, () => HttpResponse.json(company)),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/admins`, () => pageOf([])),
      http.get(`${ORIGIN}/api/companies/${company.uuid}/users`, () => pageOf([])),
      http.patch(`${ORIGIN}/api/companies/${company.uuid}`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are not valid.',
            issues: [{ path: 'body.subDomain', code: 'subDomain', message: 'Use 3 to 63 lowercase letters.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderScreen(
      <Routes>
        <Route path="/companies/:uuid" element={<CompanyScreen />} />
      </Routes>,
      `/companies/${company.uuid}`,
    );
    const user = userEvent.setup();
    const subDomain = await screen.findByLabelText('Sub-domain');
    await user.clear(subDomain);
    await user.type(subDomain, '-bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use 3 to 63 lowercase letters.')).toBeInTheDocument();
    expect(subDomain).toHaveAttribute('aria-invalid', 'true');
    // Corrected, the refusal goes at once (it stayed until the next save).
    await user.type(subDomain, 'x');
    expect(screen.queryByText('Use 3 to 63 lowercase letters.')).toBeNull();
    expect(subDomain).not.toHaveAttribute('aria-invalid', 'true');
  });
});
