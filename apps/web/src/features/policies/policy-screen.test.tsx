import { act, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { sessionStore } from '../../lib/session/store';
import { renderScreen } from '../../test/render';
import { ORIGIN, server } from '../../test/server';
import PolicyScreen from './policy-screen';
import { signInAs } from '../../test/session';

const POLICY = '30000000-0000-4000-8000-000000000001';
const DRAFT = '30000000-0000-4000-8000-0000000000d1';

const version = (bodyHtml: string | null) => ({
  uuid: DRAFT,
  number: 1,
  state: 'draft',
  bodyKind: bodyHtml === null ? null : 'text',
  pdfName: null,
  contentSha256: bodyHtml === null ? null : 'b'.repeat(64),
  requiresAck: true,
  publishedAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const policy = (bodyHtml: string | null) => ({
  uuid: POLICY,
  title: 'Travel',
  category: 'HR',
  owner: null,
  audience: { all: true, teamUuids: [], departmentUuids: [] },
  dueDays: 14,
  status: 'draft',
  currentNumber: null,
  ackNumber: null,
  publishedAt: null,
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  versions: [version(bodyHtml)],
});

/** The policy screen of an admin, its draft holding `bodyHtml`; the texts the screen saves land in `sent`. */
function openPolicy(bodyHtml: string | null, save?: (html: string) => Response) {
  signInAs(['admin']);
  const sent: string[] = [];
  server.use(
    http.get(`${ORIGIN}/api/policies/:uuid`, () => HttpResponse.json(policy(bodyHtml))),
    http.get(`${ORIGIN}/api/policies/:uuid/versions/:version`, () =>
      HttpResponse.json({ ...version(bodyHtml), policyUuid: POLICY, bodyHtml }),
    ),
    http.put(`${ORIGIN}/api/policies/:uuid/draft`, async ({ request }) => {
      const { html } = (await request.json()) as { html: string };
      sent.push(html);
      return save ? save(html) : HttpResponse.json({ ...version(html), policyUuid: POLICY, bodyHtml: html });
    }),
  );
  renderScreen(
    <Routes>
      <Route path="/policies/:uuid" element={<PolicyScreen />} />
    </Routes>,
    `/policies/${POLICY}`,
  );
  return sent;
}

/**
 * The caret where a click would put it: user-event places no caret inside a contenteditable's
 * existing text in happy-dom (it lacks Selection.modify, which ProseMirror uses on clicks).
 */
/**
 * Puts the editor's caret at `position` and waits until the text has the focus: Tiptap's focus
 * command focuses the page a frame later, and a key typed before then went to the page, not the
 * text (a loaded CI machine lost the '!' of "Accept!").
 */
const caretAt = async (text: HTMLElement, position: number | 'end') => {
  act(() => {
    (text as HTMLElement & { editor: Editor }).editor.commands.focus(position);
  });
  await waitFor(() => expect(text).toHaveFocus());
};
const caretAtEnd = (text: HTMLElement) => caretAt(text, 'end');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  sessionStore.reset();
});

describe('policy text editor', () => {
  it('writes bold text, a list and a link from the toolbar and saves them as HTML', async () => {
    const sent = openPolicy(null);
    const text = await screen.findByRole('textbox', { name: 'Text' });
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    const tool = (name: string) => within(toolbar).getByRole('button', { name });

    // Empty, it writes the console's way; with words, the text's own way, as its readers see it.
    expect(text).not.toHaveAttribute('dir');
    await userEvent.click(text);
    await userEvent.click(tool('Bold'));
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    // No space typed anywhere: happy-dom types a plain space, which the editor may collapse when it
    // reads the page back before the next key (see the table test below).
    await userEvent.keyboard('Kindness');
    expect(text).toHaveAttribute('dir', 'auto');
    await userEvent.click(tool('Bold'));
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(tool('Bulleted list'));
    expect(tool('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('HR:');

    await userEvent.click(tool('Link'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    const address = within(dialog).getByRole('textbox', { name: 'Web or e-mail address' });
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(address).toHaveAccessibleDescription(/Enter a web address/);
    await userEvent.clear(address);
    await userEvent.type(address, 'hr@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(text.querySelector('a')).not.toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toBe(
      '<p><strong>Kindness</strong></p><ul><li><p>HR:<a href="mailto:hr@example.com">hr@example.com</a></p></li></ul>',
    );
  });

  it('loads the HTML the draft holds, table included, and sends it back without what the server refuses', async () => {
    const stored =
      '<h2>Gifts</h2><p>Read <a href="https://example.com/gifts" rel="noopener noreferrer nofollow" target="_blank">the rules</a>.</p>' +
      '<table><tbody><tr><th>Value</th><th>What to do</th></tr><tr><td>Up to 50 €</td><td>Accept</td></tr></tbody></table>';
    const sent = openPolicy(stored);
    const text = await screen.findByRole('textbox', { name: 'Text' });
    expect(within(text).getByRole('heading', { level: 2, name: 'Gifts' })).toBeTruthy();
    expect(within(text).getByRole('link', { name: 'the rules' })).toHaveAttribute('href', 'https://example.com/gifts');
    expect(within(text).getByRole('cell', { name: 'Accept' })).toBeTruthy();

    await caretAtEnd(text);
    // No space typed: a space at the end of a text block is collapsed when the editor reads the
    // page back before the next key (happy-dom types a plain space where a browser types a
    // non-breaking one); "Accept politely" came back "Acceptpolitely" in one run of eight.
    await userEvent.keyboard('!');
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toBe(
      '<h2>Gifts</h2><p>Read <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/gifts">the rules</a>.</p>' +
        '<table><tbody><tr><th><p>Value</p></th><th><p>What to do</p></th></tr>' +
        '<tr><td><p>Up to 50 €</p></td><td><p>Accept!</p></td></tr></tbody></table>',
    );
    expect(sent[0]).not.toMatch(/style=|\son\w+=/);
  });

  it('inserts a table with a header row, adds and removes rows and columns, all from the toolbar', async () => {
    const sent = openPolicy('<p>Gifts</p>');
    const text = await screen.findByRole('textbox', { name: 'Text' });
    const toolbar = screen.getByRole('toolbar', { name: 'Text formatting' });
    const tool = (name: string) => within(toolbar).getByRole('button', { name });
    // Outside a table, its row and column tools say they cannot act, and stay in the toolbar.
    await caretAtEnd(text);
    await waitFor(() => expect(tool('Add a row below')).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(tool('Insert a table'));
    // Its header cells are named, not empty (a header without words names nothing), the first
    // selected: typing replaces it.
    const headers = () =>
      within(text)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    await waitFor(() => expect(headers()).toEqual(['Column 1', 'Column 2', 'Column 3']));
    expect(tool('Add a row below')).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('Value');
    await waitFor(() => expect(headers()).toEqual(['Value', 'Column 2', 'Column 3']));
    // A column added after the caret's is named too, by a number no header has yet.
    await userEvent.click(tool('Add a column after'));
    await waitFor(() => expect(headers()).toEqual(['Value', 'Column 4', 'Column 2', 'Column 3']));
    // The caret's column goes ("Value" with it), then a row is added below the caret's.
    await userEvent.click(tool('Delete the column'));
    await waitFor(() => expect(headers()).toEqual(['Column 4', 'Column 2', 'Column 3']));
    await userEvent.click(tool('Add a row below'));
    await waitFor(() => expect(within(text).getAllByRole('row')).toHaveLength(4));

    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const empty = '<td><p></p></td>'.repeat(3);
    const th = (words: string) => `<th><p>${words}</p></th>`;
    expect(sent[0]).toBe(
      `<p>Gifts</p><table><tbody><tr>${th('Column 4')}${th('Column 2')}${th('Column 3')}</tr><tr>${empty}</tr><tr>${empty}</tr><tr>${empty}</tr></tbody></table>`,
    );

    // The whole table goes in one click: the caret in its first cell ("Gifts" takes positions 0 to 7,
    // then the table, its row, the cell and its paragraph open).
    const saved = await screen.findByRole('textbox', { name: 'Text' });
    const deleteTable = () =>
      within(screen.getByRole('toolbar', { name: 'Text formatting' })).getByRole('button', {
        name: 'Delete the table',
      });
    await caretAt(saved, 11);
    await waitFor(() => expect(deleteTable()).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(deleteTable());
    await waitFor(() => expect(within(saved).queryByRole('table')).toBeNull());
    expect(saved).toHaveTextContent('Gifts');
  });

  it('edits and removes a link through the same dialog', async () => {
    const sent = openPolicy('<p>Read <a href="https://example.com/gifts">the rules</a>.</p>');
    const text = await screen.findByRole('textbox', { name: 'Text' });
    // Inside "the rules" ("Read " is positions 1 to 6).
    await caretAt(text, 8);
    const linkButton = within(screen.getByRole('toolbar')).getByRole('button', { name: 'Link' });
    await waitFor(() => expect(linkButton).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(linkButton);
    const dialog = await screen.findByRole('dialog', { name: 'Edit the link' });
    expect(within(dialog).getByRole('textbox', { name: 'Web or e-mail address' })).toHaveValue(
      'https://example.com/gifts',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(within(text).queryByRole('link')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(sent).toEqual(['<p>Read the rules.</p>']));
  });

  it('pastes from a word processor only what the server keeps: no styles, handlers, images or scripts', async () => {
    const sent = openPolicy(null);
    const text = await screen.findByRole('textbox', { name: 'Text' });
    await userEvent.click(text);
    const clipboard = new DataTransfer();
    clipboard.setData(
      'text/html',
      '<h1 style="color:red">Rules</h1><p onclick="alert(1)" style="font-size:20px"><span style="color:blue">Hi</span>' +
        '<img src="x" onerror="alert(1)"><script>alert(1)</script></p>' +
        '<table style="width:400px"><colgroup><col style="width:200px"></colgroup><tr>' +
        '<td style="text-align:center" colwidth="200" align="right">A</td></tr></table>' +
        '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com" onmouseover="x()">good</a> <s>old</s> <code>x</code></p>',
    );
    clipboard.setData('text/plain', 'Rules');
    await userEvent.paste(clipboard);
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const html = sent[0] ?? '';
    expect(html).toContain('<h1>Rules</h1>');
    expect(html).toContain('<td><p>A</p></td>');
    expect(html).toContain('<a href="https://example.com">good</a>');
    expect(html).not.toMatch(/style=|\son\w+=|javascript:|<img|<script|<span|colwidth/i);
    // Every element is one the server's allow-list keeps (apps/server/src/lib/html.ts).
    const kept = new Set(
      'h1 h2 h3 h4 p br hr strong b em i u s blockquote code pre ul ol li a table thead tbody tfoot tr th td caption'.split(
        ' ',
      ),
    );
    expect([...html.matchAll(/<(\w+)/g)].map((m) => m[1]).filter((tag) => !kept.has(tag ?? ''))).toEqual([]);
  });

  it('says a text the server refuses at the text field, as the server words it', async () => {
    openPolicy('<p>Hello</p>', () =>
      HttpResponse.json(
        {
          code: 'POLICY_HTML_UNSAFE',
          message: 'The text contains scripts, event handlers, styles or unsafe links, which are not allowed.',
          issues: [],
        },
        { status: 400 },
      ),
    );
    const text = await screen.findByRole('textbox', { name: 'Text' });
    await userEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(text).toHaveAccessibleDescription(/The text contains scripts, event handlers/);
    // Typing again takes the complaint away.
    await caretAtEnd(text);
    await userEvent.keyboard('!');
    await waitFor(() => expect(text).not.toHaveAttribute('aria-invalid'));
  });

  it('names its toolbar and buttons in the reader’s language', async () => {
    await setLanguage('de', false);
    try {
      openPolicy(null);
      const toolbar = await screen.findByRole('toolbar', { name: 'Textformatierung' });
      const names = within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
      expect(names).toEqual([
        'Überschrift',
        'Zwischenüberschrift',
        'Fett',
        'Kursiv',
        'Unterstrichen',
        'Aufzählung',
        'Nummerierte Liste',
        'Zitat',
        'Link',
        'Tabelle einfügen',
        'Zeile darunter einfügen',
        'Spalte danach einfügen',
        'Zeile löschen',
        'Spalte löschen',
        'Tabelle löschen',
        'Rückgängig',
        'Wiederholen',
      ]);
      expect(screen.getByRole('textbox', { name: 'Text' })).toBeTruthy();
      // Its shortcuts with the keys' names of a German keyboard.
      await userEvent.hover(within(toolbar).getByRole('button', { name: 'Fett' }));
      expect(await screen.findByText('Fett (Strg+B)')).toBeInTheDocument();
    } finally {
      await setLanguage('en', false);
    }
  });
});

describe('the versions of a policy', () => {
  it('says an older published version is superseded; only the newest is to acknowledge', async () => {
    const published = (number: number) => ({
      ...version('<p>x</p>'),
      uuid: `30000000-0000-4000-8000-00000000000${number}`,
      number,
      state: 'published',
      publishedAt: `2026-0${number}-01T00:00:00.000Z`,
    });
    signInAs(['admin']);
    server.use(
      http.get(`${ORIGIN}/api/policies/:uuid`, () =>
        HttpResponse.json({
          ...policy(null),
          status: 'published',
          currentNumber: 2,
          versions: [published(1), published(2), { ...version(null), number: 3 }],
        }),
      ),
      http.get(`${ORIGIN}/api/policies/:uuid/versions/:version`, () =>
        HttpResponse.json({ ...version(null), number: 3, policyUuid: POLICY, bodyHtml: null }),
      ),
    );
    renderScreen(
      <Routes>
        <Route path="/policies/:uuid" element={<PolicyScreen />} />
      </Routes>,
      `/policies/${POLICY}`,
    );
    const table = await screen.findByRole('table', { name: 'Versions' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Published · superseded');
    expect(rows[1]).toHaveTextContent('Published · to acknowledge');
    expect(rows[1]).not.toHaveTextContent('superseded');
    expect(rows[2]).not.toHaveTextContent('to acknowledge');
  });

  it('says a policy whose audience names no team or department is for nobody (its only one was deleted)', async () => {
    signInAs(['admin']);
    server.use(
      http.get(`${ORIGIN}/api/policies/:uuid`, () =>
        HttpResponse.json({ ...policy(null), audience: { all: false, teamUuids: [], departmentUuids: [] } }),
      ),
      http.get(`${ORIGIN}/api/policies/:uuid/versions/:version`, () =>
        HttpResponse.json({ ...version(null), policyUuid: POLICY, bodyHtml: null }),
      ),
    );
    renderScreen(
      <Routes>
        <Route path="/policies/:uuid" element={<PolicyScreen />} />
      </Routes>,
      `/policies/${POLICY}`,
    );
    expect(await screen.findByText(/Nobody: no team or department is chosen/)).toBeInTheDocument();
    expect(screen.queryByText(/0 teams/)).toBeNull();
  });

  it('writes its details the reader’s way: French puts a space before the colon', async () => {
    await setLanguage('fr', false);
    try {
      openPolicy(null);
      expect(await screen.findByText('Catégorie : HR')).toBeInTheDocument();
      expect(screen.getByText('Responsable : Aucun responsable')).toBeInTheDocument();
      expect(screen.getByText('Public : Tout le monde dans l’entreprise')).toBeInTheDocument();
    } finally {
      await setLanguage('en', false);
    }
  });
});
