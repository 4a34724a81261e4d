import { LANGUAGES } from '@wac/shared/constants';
import { describe, expect, it } from 'vitest';
import {
  expectCountsPlural,
  expectFrenchApostrophes,
  expectSameKeysAsEnglish,
  flatten,
  type Tree,
} from '../test/locale-catalog';

const catalogs = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const load = (lang: string): Tree => {
  const tree = catalogs[`./${lang}.json`];
  if (!tree) throw new Error(`no ${lang}.json`);
  return tree;
};
// The console's source files, as text, to find every translation key they ask for.
const sourceFiles = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const en = flatten(load('en'));
const values = Object.fromEntries(
  Object.entries(import.meta.glob<Tree>('./values/*.json', { eager: true, import: 'default' })).map(([path, tree]) => [
    path.replace(/^\.\/values\/|\.json$/g, ''),
    tree,
  ]),
);

describe('locales', () => {
  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English keys, each non-empty, with the same placeholders`, () => {
      expectSameKeysAsEnglish(lang, flatten(load(lang)), en);
    });
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: every count is {{count}} with the plural forms of the language`, () => {
      // "Step 2 of 3": a position, not a count; the footer's year.
      expectCountsPlural(lang, flatten(load(lang)), { 'signup.stepOf': ['n', 'total'], footer: ['year'] });
    });
  }

  it('French apostrophes are all typographic (’), in the values catalog too', () => {
    expectFrenchApostrophes(flatten(load('fr')));
    expectFrenchApostrophes(flatten(values.fr ?? {}));
  });

  it('every key the code asks for exists', () => {
    const used = new Set<string>();
    for (const text of Object.values(sourceFiles)) {
      for (const m of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1] ?? '');
      for (const m of text.matchAll(/\b(?:labelKey|titleKey):\s*'([\w.-]+)'/g)) used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    // A plural message is asked for by its base key (`key`, stored as `key_one`, `key_other` …).
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`)).sort()).toEqual([]);
  });

  it('the toast titles and fixed texts are the product ones', () => {
    expect(['primary', 'success', 'danger', 'warning', 'info'].map((k) => en.get(`toast.${k}`))).toEqual([
      'Attention!',
      'Success!',
      'Error!',
      'Warning!',
      'Info!',
    ]);
    expect(en.get('error.title')).toBe('Something went wrong');
    expect(en.get('error.text')).toBe(
      "We keep track of these errors, but feel free to contact us if refreshing doesn't fix things.",
    );
    expect(en.get('error.retry')).toBe('Try again');
    expect(en.get('session.profilesFailed')).toBe('Something went wrong, Try again.');
    expect(en.get('footer')).toBe('© {{year}} {{brand}}, All rights Reserved');
    expect(en.get('disabled.text')).toBe(
      'Your account has been disabled. Please contact your admin or try switching your Company',
    );
  });
});
