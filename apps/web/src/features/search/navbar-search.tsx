import type { SearchItem, SearchKind } from '@wac/shared/schemas/search';
import { SEARCH_GROUP_LIMIT } from '@wac/shared/schemas/search';
import { ActionIcon, Anchor, Button, Group, Kbd, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppDialog } from '../../components/app-dialog';
import { useSession } from '../../lib/session/store';
import { useBookmarks } from './api/get-bookmarks';
import { useSearch } from './api/get-search';
import { useToggleBookmark } from './api/toggle-bookmark';

export interface SearchScreen {
  path: string;
  label: string;
}

type Row = Omit<SearchItem, 'isBookmarked'> & { bookmark: string | null };

const GROUP_ORDER: SearchKind[] = [
  'screen',
  'company',
  'member',
  'team',
  'department',
  'companyPage',
  'policy',
  'certification',
];

/**
 * Text as a search compares it: lower case, accents and other marks dropped ("equipe" finds
 * "Équipes", "presence" finds "Ma présence"), one character for one so a match's place and length
 * in the folded text are its place and length in the text.
 */
export function fold(text: string): string {
  return Array.from(text, (c) => {
    const f = c.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
    return f.length === c.length ? f : c;
  }).join('');
}

/**
 * What of `query` a screen's name holds: the whole query, or — five letters or more — the query less
 * its last letter, so a singular finds its plural ("policy" finds "Policies", "certificate"
 * "Certifications"); null when neither. Accents and case aside.
 */
export function screenMatch(label: string, query: string): string | null {
  const l = fold(label);
  const q = fold(query);
  if (l.includes(q)) return query;
  return q.length >= 5 && l.includes(q.slice(0, -1)) ? query.slice(0, -1) : null;
}

/** The title with the query's first match marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const at = query ? fold(text).indexOf(fold(query)) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}

/** Arrow keys move between the results' links (and back to the query from the first). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, input: HTMLInputElement | null) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-search-result]'));
  if (!links.length) return;
  event.preventDefault();
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]?.focus();
  else if (at <= 0) input?.focus();
  else links[at - 1]?.focus();
}

function SearchPanel({ screens, onDone }: { screens: SearchScreen[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 150);
  const input = useRef<HTMLInputElement>(null);
  const results = useSearch(debounced);
  // Bookmarks are a member's own: a super admin visiting a company he is no member of keeps none there.
  const canMark = useSession().visiting == null;
  const bookmarks = useBookmarks(canMark);
  const toggle = useToggleBookmark();
  // Focus the query as the dialog is committed, not on the focus trap's later timer: what is typed
  // straight after Ctrl+K (a fast typist, a busy page) lands in the query instead of being lost.
  useLayoutEffect(() => input.current?.focus({ preventScroll: true }), []);

  const marks = new Map((bookmarks.data?.data ?? []).map((b) => [`${b.kind}:${b.target}`, b.uuid]));
  const label = (path: string) => screens.find((s) => s.path === path)?.label ?? path;
  const withMark = (i: Omit<SearchItem, 'isBookmarked'>): Row => ({
    ...i,
    bookmark: marks.get(`${i.kind}:${i.target}`) ?? null,
  });

  let groups: { kind: SearchKind | 'bookmarks'; rows: Row[] }[];
  if (!debounced) {
    const rows = (bookmarks.data?.data ?? [])
      .filter((b) => b.kind !== 'screen' || screens.some((s) => s.path === b.target))
      .map((b) => withMark({ ...b, title: b.kind === 'screen' ? label(b.target) : b.title }));
    groups = [{ kind: 'bookmarks', rows }];
  } else {
    const screenRows = screens
      .filter((s) => screenMatch(s.label, debounced) !== null)
      .slice(0, SEARCH_GROUP_LIMIT)
      .map((s) => withMark({ kind: 'screen', target: s.path, title: s.label, subtitle: null, path: s.path }));
    const server = (results.data?.query === debounced ? results.data.groups : []).map((g) => ({
      kind: g.kind,
      rows: g.items.map(withMark),
    }));
    groups = [{ kind: 'screen' as const, rows: screenRows }, ...server]
      .filter((g) => g.rows.length > 0)
      .sort((a, b) => GROUP_ORDER.indexOf(a.kind) - GROUP_ORDER.indexOf(b.kind));
  }
  const empty = groups.every((g) => g.rows.length === 0);
  const loading = debounced ? results.isFetching : bookmarks.isFetching;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the links inside
    <div onKeyDown={(e) => moveFocus(e, input.current)}>
      <Stack gap="md">
        <TextInput
          ref={input}
          type="search"
          data-autofocus
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={loading ? <Loader size="xs" role="status" aria-label={t('search.loading')} /> : null}
          data-testid="search-input"
        />
        <div aria-live="polite" data-testid="search-results">
          {empty && !loading && (debounced || canMark) && (
            <Text c="dimmed">{debounced ? t('search.nothing') : t('search.noBookmarks')}</Text>
          )}
          {groups.map((g) =>
            g.rows.length === 0 ? null : (
              <section key={g.kind} aria-labelledby={`search-group-${g.kind}`} data-group={g.kind}>
                <Title order={3} size="h6" id={`search-group-${g.kind}`} mt="xs" mb={4}>
                  {t(`search.groups.${g.kind}`)}
                </Title>
                <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {g.rows.map((r) => (
                    <Group component="li" key={`${r.kind}:${r.target}`} justify="space-between" wrap="nowrap" gap="xs">
                      <Anchor
                        component={Link}
                        to={r.path}
                        onClick={onDone}
                        data-search-result
                        className="search-result"
                        underline="never"
                      >
                        {/* Each isolated (bdi): a Latin name and email side by side in Arabic would
                            otherwise run together left to right, the gap on the wrong side. */}
                        <Text span fw={500}>
                          <bdi>
                            <Highlighted
                              text={r.title}
                              query={r.kind === 'screen' ? (screenMatch(r.title, debounced) ?? debounced) : debounced}
                            />
                          </bdi>
                        </Text>
                        {r.subtitle && (
                          <Text span size="sm" c="dimmed" ms="xs">
                            <bdi>{r.subtitle}</bdi>
                          </Text>
                        )}
                      </Anchor>
                      {canMark && (
                        <ActionIcon
                          variant="subtle"
                          color="yellow.9"
                          aria-pressed={!!r.bookmark}
                          aria-label={
                            r.bookmark
                              ? t('search.unbookmark', { name: r.title })
                              : t('search.bookmark', { name: r.title })
                          }
                          onClick={() => toggle.mutate({ kind: r.kind, target: r.target, uuid: r.bookmark })}
                          loading={toggle.isPending && toggle.variables?.target === r.target}
                        >
                          {r.bookmark ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                </Stack>
              </section>
            ),
          )}
        </div>
      </Stack>
    </div>
  );
}

/**
 * The navbar's search: the button in the header and Ctrl/Cmd+K open one dialog that searches the
 * screens the user may open and the company's entities they may see; with an empty query it shows
 * their bookmarks. Keyboard: type, ArrowDown into the results, Enter opens, Escape closes.
 */
export default function NavbarSearch({ screens }: { screens: SearchScreen[] }) {
  const { t } = useTranslation();
  const [opened, setOpenedState] = useState(false);
  // The dialog is mounted only while open, so Mantine's focus return never runs: closing it puts
  // the focus back where it was when it opened (the search button, or the page's last control).
  const opener = useRef<HTMLElement | null>(null);
  const setOpened = (open: boolean) => {
    if (open && !opened) opener.current = document.activeElement as HTMLElement | null;
    setOpenedState(open);
    if (!open) {
      const back = opener.current;
      opener.current = null;
      setTimeout(() => {
        if (back?.isConnected && (document.activeElement === document.body || !document.activeElement)) back.focus();
      });
    }
  };
  useHotkeys([['mod+K', () => setOpened(true)]], []);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <>
      <ActionIcon
        hiddenFrom="sm"
        variant="subtle"
        size="lg"
        onClick={() => setOpened(true)}
        aria-label={t('search.open')}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="navbar-search-icon"
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <Button
        visibleFrom="sm"
        variant="default"
        size="sm"
        onClick={() => setOpened(true)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {mac ? '⌘K' : `${t('common.keys.ctrl')} K`}
          </Kbd>
        }
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="navbar-search"
      >
        {t('search.open')}
      </Button>
      {opened && (
        <AppDialog opened onClose={() => setOpened(false)} title={t('search.title')} size="lg">
          <SearchPanel screens={screens} onDone={() => setOpened(false)} />
        </AppDialog>
      )}
    </>
  );
}
