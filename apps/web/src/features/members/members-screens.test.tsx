import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { onToast, type ToastRequest } from '../../lib/notify';
import { ORIGIN, server } from '../../test/server';
import { captureDownloads } from '../../test/downloads';
import { ImportDialog } from './components/import-dialog';
import { InvitationsTable } from './components/invitations-table';
import { InviteDialog } from './components/invite-dialog';
import { MembersTable } from './components/members-table';

const member = (i: number) => ({
  uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  membershipUuid: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  email: `person${i}@acme.test`,
  firstName: 'Person',
  lastName: String(i),
  avatar: null,
  roles: ['admin'],
  enabled: i % 2 === 0,
  schedulingEnabled: true,
  emailEnabled: true,
  videoCallEnabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

let requests: URL[] = [];
let toasts: ToastRequest[] = [];
let stopToasts: () => void;

function renderWithData(ui: ReactNode, path: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={qc}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  requests = [];
  toasts = [];
  stopToasts = onToast((t) => toasts.push(t));
  server.events.on('request:start', ({ request }) => {
    requests.push(new URL(request.url));
  });
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  stopToasts();
  vi.restoreAllMocks();
});

describe('members list', () => {
  it('asks the server for the view in the URL and shows its page', async () => {
    server.use(
      http.get(`${ORIGIN}/api/members`, () =>
        HttpResponse.json({ data: [member(1), member(2)], page: 3, itemsPerPage: 10, totalItems: 22 }),
      ),
      http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 })),
    );
    renderWithData(<MembersTable />, '/users?page=3&sort=name&order=desc&role=admin&status=enabled&search=per');
    expect(await screen.findByRole('link', { name: 'Person 1' })).toHaveAttribute('href', `/users/${member(1).uuid}`);
    const list = requests.find((u) => u.pathname === '/api/members');
    expect(Object.fromEntries(list?.searchParams ?? [])).toEqual({
      page: '3',
      search: 'per',
      sort: 'name',
      order: 'desc',
      role: 'admin',
      status: 'enabled',
    });
    expect(screen.getByTestId('table-range')).toHaveTextContent('21–22 of 22');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('row', { name: /person1@acme\.test/ })).toHaveTextContent('Disabled');
    expect(screen.getByRole('row', { name: /person2@acme\.test/ })).toHaveTextContent('Enabled');
  });
});

describe('bulk actions', () => {
  it('asks before removing the selected people, and removes nobody when cancelled', async () => {
    const bulk: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/members`, () =>
        HttpResponse.json({ data: [member(1), member(2)], page: 1, itemsPerPage: 10, totalItems: 2 }),
      ),
      http.get(`${ORIGIN}/api/teams`, () => HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 })),
      http.post(`${ORIGIN}/api/members/bulk`, async ({ request }) => {
        const body = (await request.json()) as { uuids: string[] };
        bulk.push(body);
        return HttpResponse.json({ results: body.uuids.map((uuid) => ({ uuid, ok: true })) });
      }),
    );
    const user = userEvent.setup();
    renderWithData(<MembersTable />, '/users');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows of this page' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove the selected people?' });
    expect(ask).toHaveTextContent('Selected: 2. They lose access to this company. Their accounts stay.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bulk).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove the selected people?' })).getByRole('button', {
        name: 'Remove from the company',
      }),
    );
    await waitFor(() => expect(bulk).toEqual([{ action: 'remove', uuids: [member(1).uuid, member(2).uuid] }]));
  });
});

describe('invitations list', () => {
  it('names each invitation’s state in the reader’s language, one past its end as expired (German)', async () => {
    const invitation = (email: string, expiresAt: string) => ({
      uuid: `20000000-0000-4000-8000-${email.length.toString().padStart(12, '0')}`,
      email,
      roles: email.startsWith('new') ? ['admin', 'member'] : ['member'],
      status: 'pending',
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt,
    });
    server.use(
      http.get(`${ORIGIN}/api/invitations`, () =>
        HttpResponse.json({
          data: [
            invitation('new@acme.test', new Date(Date.now() + 7 * 86_400_000).toISOString()),
            invitation('late@acme.test', '2026-01-08T00:00:00.000Z'),
          ],
          page: 1,
          itemsPerPage: 10,
          totalItems: 2,
        }),
      ),
    );
    await setLanguage('de', false);
    try {
      renderWithData(<InvitationsTable />, '/users/invitations');
      expect(await screen.findByRole('row', { name: /new@acme\.test/ })).toHaveTextContent('Ausstehend');
      expect(screen.getByRole('row', { name: /late@acme\.test/ })).toHaveTextContent('Abgelaufen');
      expect(screen.getByTestId('invitations-table')).not.toHaveTextContent('pending');
      // Two roles as German lists them, not joined by a comma.
      expect(screen.getByRole('row', { name: /new@acme\.test/ })).toHaveTextContent(
        new Intl.ListFormat('de').format([i18n.t('values:role.admin'), i18n.t('values:role.member')]),
      );
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('invite dialog', () => {
  it('shows a duplicate invitation inline, translated by the server, and never toasts it', async () => {
    const message = 'An invitation is already pending for this email address.';
    server.use(
      http.post(`${ORIGIN}/api/invitations`, () =>
        HttpResponse.json({ code: 'INVITATION_PENDING', message }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderWithData(<InviteDialog opened onClose={() => {}} />, '/users');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a person' });
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'dup@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    // Said once, under the email (it was also said above the form).
    expect(await screen.findAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('invite-error')).toBeNull();
    expect(dialog).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });
});

describe('CSV import', () => {
  it("offers the server's template (record and custom field columns) and explains the record columns", async () => {
    server.use(
      http.get(
        `${ORIGIN}/api/members/import/template.csv`,
        () =>
          new HttpResponse('email,firstName,lastName,role,jobTitle\r\n', { headers: { 'content-type': 'text/csv' } }),
      ),
    );
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderWithData(<ImportDialog opened onClose={() => {}} />, '/users');
    await screen.findByRole('dialog', { name: 'Import members from CSV' });
    expect(screen.getByTestId('import-records-hint')).toHaveTextContent('a blank cell leaves the value as it is');
    await user.click(screen.getByRole('button', { name: 'Download a template' }));
    await waitFor(() => expect(downloads).toEqual(['members-template.csv']));
    expect(requests.map((u) => u.pathname)).toEqual(['/api/members/import/template.csv']);
  });

  it('refuses a file over the import limit (32 MB) before any upload, with the product message', async () => {
    const user = userEvent.setup();
    renderWithData(<ImportDialog opened onClose={() => {}} />, '/users');
    await screen.findByRole('dialog', { name: 'Import members from CSV' });
    const big = new File([new Uint8Array(33_554_433)], 'big.csv', { type: 'text/csv' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, big);
    expect(
      await screen.findByText('The file is larger than 32 MB. Please split it into smaller files.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it('says a malformed file is no CSV inline, beside the file, and does not toast it too', async () => {
    const message =
      'This file is not a valid CSV file. Expected the columns email, firstName, lastName and role (or roles, as the export writes it).';
    server.use(
      http.post(`${ORIGIN}/api/members/import/preview`, () =>
        HttpResponse.json({ code: 'CSV_INVALID', message }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithData(<ImportDialog opened onClose={() => {}} />, '/users');
    await screen.findByRole('dialog', { name: 'Import members from CSV' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['foo;bar\n"unterminated,quote\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toasts).toEqual([]);
  });

  it('lists the errors of a row one by one, not run together with a semicolon', async () => {
    const bad = {
      line: 2,
      email: 'bo@acme.test',
      status: 'invalid',
      errors: [
        {
          field: 'managerEmail',
          column: 'Manager',
          code: 'managerUnknown',
          message: 'No member with this email in the company.',
        },
        { field: 'Badge number', column: 'Badge number', code: 'invalid', message: 'This value is not valid.' },
      ],
    };
    server.use(
      http.post(`${ORIGIN}/api/members/import/preview`, () =>
        HttpResponse.json({
          totalRows: 1,
          validRows: 0,
          invalidRows: 1,
          imported: 0,
          updated: 0,
          counts: { valid: 0, invalid: 1, invited: 0, skipped: 0, updated: 0, unchanged: 0 },
          problems: [bad],
          problemsTruncated: false,
          batchId: null,
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithData(<ImportDialog opened onClose={() => {}} />, '/users');
    await screen.findByRole('dialog', { name: 'Import members from CSV' });
    const csv = new File(['email,firstName,lastName,role\nbo@acme.test,B,O,member\n'], 'm.csv', { type: 'text/csv' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, csv);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const rows = await screen.findByTestId('import-rows');
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // The column as the file's header wrote it (Manager), not the API's field name (managerEmail).
      'Manager: No member with this email in the company.',
      'Badge number: This value is not valid.',
    ]);
    expect(rows.textContent).not.toContain('.;');
  });

  it('previews the counts and the rows with a problem, then commits the good rows and follows their mails', async () => {
    const bad = {
      line: 3,
      email: 'bad',
      status: 'invalid',
      errors: [{ field: 'email', column: 'E-Mail', code: 'email', message: 'Please enter a valid email address.' }],
    };
    const counts = { valid: 1, invalid: 1, invited: 0, skipped: 0, updated: 0, unchanged: 0 };
    const batchId = '11111111-1111-4111-8111-111111111111';
    const committed: string[] = [];
    server.use(
      http.post(`${ORIGIN}/api/members/import/preview`, () =>
        HttpResponse.json({
          totalRows: 2,
          validRows: 1,
          invalidRows: 1,
          imported: 0,
          updated: 0,
          counts,
          problems: [bad],
          problemsTruncated: false,
          batchId: null,
        }),
      ),
      http.post(`${ORIGIN}/api/members/import`, () =>
        HttpResponse.json({
          totalRows: 2,
          validRows: 1,
          invalidRows: 1,
          imported: 1,
          updated: 0,
          counts: { ...counts, valid: 0, invited: 1 },
          problems: [bad],
          problemsTruncated: false,
          batchId,
        }),
      ),
      http.get(`${ORIGIN}/api/members/import/${batchId}/progress`, () =>
        HttpResponse.json({ batchId, total: 1, sent: 1, failed: 0, pending: 0, done: true }),
      ),
    );
    const user = userEvent.setup();
    renderWithData(<ImportDialog opened onClose={() => {}} onCommitted={(id) => committed.push(id)} />, '/users');
    await screen.findByRole('dialog', { name: 'Import members from CSV' });
    const csv = new File(['email,firstName,lastName,role\nok@acme.test,O,K,member\nbad,B,A,member\n'], 'm.csv', {
      type: 'text/csv',
    });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, csv);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('import-summary')).toHaveTextContent('2 rows: 1 valid, 1 with errors.');
    expect(screen.getByText('E-Mail: Please enter a valid email address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import the valid rows' }));
    await waitFor(() =>
      expect(screen.getByTestId('import-summary')).toHaveTextContent(
        '1 invited and 0 records updated of 2 rows (1 with errors, 1 valid).',
      ),
    );
    expect(requests.map((u) => u.pathname).slice(0, 2)).toEqual(['/api/members/import/preview', '/api/members/import']);
    expect(committed).toEqual([batchId]);
    expect(await screen.findByTestId('import-progress-text')).toHaveTextContent('1 sent, 0 failed, of 1');
  });
});
