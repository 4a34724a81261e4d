import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { ORIGIN, server } from '../../test/server';
import CompanyPagesScreen from './company-pages-screen';

const row = {
  uuid: '30000000-0000-4000-8000-000000000001',
  title: 'First',
  description: 'One',
  slug: 'first',
  published: true,
  dashboardUsers: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

const bob = {
  uuid: '40000000-0000-4000-8000-000000000001',
  firstName: 'Bob',
  lastName: 'Builder',
  avatar: null,
  email: 'bob@acme.test',
  jobTitle: null,
  department: null,
  manager: null,
  workPhone: null,
  ended: false,
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('company-pages screen', () => {
  it('lists the people on a page as the reader’s language lists them (Arabic)', async () => {
    signInAs(['admin']);
    const person = (n: number, firstName: string) => ({
      uuid: `40000000-0000-4000-8000-00000000000${n}`,
      firstName,
      lastName: 'Adams',
      schedulingEnabled: true,
      emailEnabled: true,
      videoCallEnabled: true,
    });
    const withPeople = { ...row, dashboardUsers: [person(1, 'Ada'), person(2, 'Ben'), person(3, 'Dev')] };
    server.use(
      http.get(`${ORIGIN}/api/company-pages`, () =>
        HttpResponse.json({ data: [withPeople], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
    );
    await setLanguage('ar', false);
    try {
      renderScreen(<CompanyPagesScreen />, '/company-pages');
      // It read "Ada Adams, Ben Adams, Dev Adams": a Latin comma in an Arabic sentence.
      const names = new Intl.ListFormat('ar', { style: 'long', type: 'conjunction' }).format([
        'Ada Adams',
        'Ben Adams',
        'Dev Adams',
      ]);
      expect(await screen.findByText(names)).toBeInTheDocument();
    } finally {
      await setLanguage('en', false);
    }
  });

  it('lists, creates, edits and deletes for a company admin', async () => {
    signInAs(['admin']);
    const calls: string[] = [];
    server.use(
      http.get(`${ORIGIN}/api/company-pages`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.post(`${ORIGIN}/api/company-pages`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          { ...row, uuid: '30000000-0000-4000-8000-000000000002', title: 'Second' },
          { status: 201 },
        );
      }),
      http.patch(`${ORIGIN}/api/company-pages/:uuid`, async ({ request }) => {
        calls.push(`PATCH ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ...row, title: 'Renamed', version: 4 });
      }),
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [bob], page: 1, itemsPerPage: 20, totalItems: 1 }),
      ),
      http.delete(`${ORIGIN}/api/company-pages/:uuid`, ({ request }) => {
        calls.push(`DELETE ${new URL(request.url).search}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<CompanyPagesScreen />, '/company-pages');
    expect(await screen.findByText('First')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New company page' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    // The first refused field takes the focus (it stayed on Save).
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveFocus());
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Second');
    expect(within(dialog).getByRole('textbox', { name: /Address/ })).toHaveValue('second');
    await user.click(within(dialog).getByLabelText('Add a person', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Bob Builder', hidden: true }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit First' }));
    dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete First' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual([
      `POST {"title":"Second","description":null,"slug":"second","published":false,"dashboardUsers":[{"uuid":"${bob.uuid}","schedulingEnabled":true,"emailEnabled":false,"videoCallEnabled":true}]}`,
      'PATCH {"version":3,"title":"Renamed","description":"One","slug":"first","published":true,"dashboardUsers":[]}',
      'DELETE ?version=3',
    ]);
  });

  it('shows a member the list without any write button', async () => {
    signInAs(['member']);
    server.use(
      http.get(`${ORIGIN}/api/company-pages`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
    );
    renderScreen(<CompanyPagesScreen />, '/company-pages');
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New company page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit First' })).not.toBeInTheDocument();
  });

  it('drops "already exists" from the address as soon as it is changed', async () => {
    signInAs(['admin']);
    server.use(
      http.get(`${ORIGIN}/api/company-pages`, () =>
        HttpResponse.json({ data: [row], page: 1, itemsPerPage: 10, totalItems: 1 }),
      ),
      http.get(`${ORIGIN}/api/employees`, () =>
        HttpResponse.json({ data: [], page: 1, itemsPerPage: 20, totalItems: 0 }),
      ),
      http.post(`${ORIGIN}/api/company-pages`, () =>
        HttpResponse.json(
          { code: 'PAGE_SLUG_TAKEN', message: 'A page with this address already exists in your company.' },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<CompanyPagesScreen />, '/company-pages');
    await user.click(await screen.findByRole('button', { name: 'New company page' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'First');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const taken = 'A page with this address already exists in your company.';
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Address/ }), '-two');
    expect(within(dialog).queryByText(taken)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Address/ })).not.toHaveAttribute('aria-invalid', 'true');
  });
});
