import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import NavbarSearch, { fold, screenMatch } from './navbar-search';

const BOB = '40000000-0000-4000-8000-000000000001';
const screens = [
  { path: '/users', label: 'Users' },
  { path: '/teams', label: 'Teams' },
];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());

describe('navbar search', () => {
  it("shows its shortcut with the Control key's name on the reader's keyboard (German: Strg)", async () => {
    await setLanguage('de', false);
    try {
      renderScreen(<NavbarSearch screens={screens} />);
      expect(await screen.findByTestId('navbar-search')).toHaveTextContent('Strg K');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('opens with Ctrl+K, searches screens and entities, marks the match, bookmarks and shows bookmarks when empty', async () => {
    const bookmarks: {
      uuid: string;
      kind: string;
      target: string;
      title: string;
      subtitle: null;
      path: string;
      isBookmarked: true;
    }[] = [
      {
        uuid: 'b1',
        kind: 'screen',
        target: '/teams',
        title: '/teams',
        subtitle: null,
        path: '/teams',
        isBookmarked: true,
      },
    ];
    const posted: unknown[] = [];
    server.use(
      http.get(`${ORIGIN}/api/bookmarks`, () => HttpResponse.json({ data: bookmarks })),
      http.get(`${ORIGIN}/api/search`, ({ request }) =>
        HttpResponse.json({
          query: new URL(request.url).searchParams.get('q'),
          groups: [
            {
              kind: 'member',
              items: [
                {
                  kind: 'member',
                  target: BOB,
                  title: 'Bob Brown',
                  subtitle: 'bob@example.com',
                  path: `/users/${BOB}`,
                  isBookmarked: false,
                },
              ],
            },
          ],
        }),
      ),
      http.post(`${ORIGIN}/api/bookmarks`, async ({ request }) => {
        const body = (await request.json()) as { kind: string; target: string };
        posted.push(body);
        bookmarks.push({
          uuid: 'b2',
          ...body,
          title: 'Bob Brown',
          subtitle: null,
          path: `/users/${BOB}`,
          isBookmarked: true,
        });
        return HttpResponse.json({ uuid: 'b2', ...body }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<NavbarSearch screens={screens} />);

    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    // Empty query: the bookmarks, a screen shown by its label.
    expect(await within(dialog).findByRole('link', { name: 'Teams' })).toBeInTheDocument();

    await user.keyboard('bob');
    const bob = await within(dialog).findByRole('link', { name: /Bob Brown/ });
    expect(bob.querySelector('mark')?.textContent).toBe('Bob');
    expect(within(dialog).getByRole('heading', { name: 'People' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(bob).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Bookmark Bob Brown' }));
    await waitFor(() => expect(posted).toEqual([{ kind: 'member', target: BOB }]));
    expect(await within(dialog).findByRole('button', { name: 'Remove the bookmark of Bob Brown' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.clear(within(dialog).getByRole('searchbox'));
    expect(await within(dialog).findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: 'Bob Brown' })).toBeInTheDocument();
  });

  it('has the query focused as soon as Ctrl+K is pressed, and Escape gives the focus back to the search button', async () => {
    server.use(http.get(`${ORIGIN}/api/bookmarks`, () => HttpResponse.json({ data: [] })));
    const user = userEvent.setup();
    renderScreen(<NavbarSearch screens={screens} />);
    const button = await screen.findByTestId('navbar-search');
    button.focus();

    await user.keyboard('{Control>}k{/Control}');
    // No waiting: the focus trap's own timer has not run yet, the keys typed now must not be lost.
    const query = screen.getByRole('searchbox');
    expect(query).toHaveFocus();
    await user.keyboard('te');
    expect(query).toHaveValue('te');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('finds a screen whatever the accents typed, and marks the accented letters', async () => {
    server.use(
      http.get(`${ORIGIN}/api/bookmarks`, () => HttpResponse.json({ data: [] })),
      http.get(`${ORIGIN}/api/search`, ({ request }) =>
        HttpResponse.json({ query: new URL(request.url).searchParams.get('q'), groups: [] }),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<NavbarSearch screens={[{ path: '/equipes', label: 'Équipes' }]} />);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    await user.keyboard('equipe');
    const link = await within(dialog).findByRole('link', { name: /Équipe/ });
    expect(link.querySelector('mark')?.textContent).toBe('Équipe');
    expect(fold('Ma présence')).toBe('ma presence');
    // A singular finds its plural; a short word must match as typed.
    expect(screenMatch('Policies', 'policy')).toBe('polic');
    expect(screenMatch('My certifications', 'certificate')).toBe('certificat');
    expect(screenMatch('Teams', 'team')).toBe('team');
    expect(screenMatch('Teams', 'teal')).toBeNull();
    expect(fold('İstanbul').length).toBe('İstanbul'.length);
  });

  it('finds a visiting super admin companies, with no stars and no bookmarks asked (he keeps none there)', async () => {
    const GLOBEX = '50000000-0000-4000-8000-000000000001';
    sessionStore.reset({ status: 'ready', visiting: { write: false } });
    server.use(
      // No handler for /api/bookmarks: asking for them would fail the test (unhandled request).
      http.get(`${ORIGIN}/api/search`, ({ request }) =>
        HttpResponse.json({
          query: new URL(request.url).searchParams.get('q'),
          groups: [
            {
              kind: 'company',
              items: [
                {
                  kind: 'company',
                  target: GLOBEX,
                  title: 'Globex',
                  subtitle: 'globex',
                  path: `/companies/${GLOBEX}`,
                  isBookmarked: false,
                },
              ],
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const view = renderScreen(<NavbarSearch screens={screens} />);
    try {
      await user.keyboard('{Control>}k{/Control}');
      const dialog = await screen.findByRole('dialog', { name: 'Search' });
      expect(within(dialog).queryByText(/No bookmarks yet/)).toBeNull();
      await user.keyboard('glob');
      expect(await within(dialog).findByRole('heading', { name: 'Companies' })).toBeInTheDocument();
      const link = await within(dialog).findByRole('link');
      expect(link).toHaveTextContent('Globexglobex');
      expect(link).toHaveAttribute('href', `/companies/${GLOBEX}`);
      expect(within(dialog).queryByRole('button', { name: /Bookmark/ })).toBeNull();
    } finally {
      // Unmounted first: signed out while still shown, the panel would ask for the bookmarks.
      view.unmount();
      sessionStore.reset({ status: 'signedOut' });
    }
  });
});
