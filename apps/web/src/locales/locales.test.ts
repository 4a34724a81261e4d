import { LANGUAGES } from '@wac/shared/constants';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
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

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

describe('locales', () => {
  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English keys, each non-empty, with the same placeholders`, () => {
      const catalog = flatten(load(lang));
      expect(
        [...catalog.keys()].filter((k) => !en.has(k)),
        'keys not in en',
      ).toEqual([]);
      expect(
        [...en.keys()].filter((k) => !catalog.has(k)),
        `keys missing in ${lang}`,
      ).toEqual([]);
      for (const [key, value] of catalog) {
        expect(value.trim(), `${lang}:${key} is empty`).not.toBe('');
        expect(placeholders(value), `${lang}:${key} placeholders`).toEqual(placeholders(en.get(key) ?? ''));
      }
    });
  }

  it('every key the code asks for exists', () => {
    const used = new Set<string>();
    for (const text of Object.values(sourceFiles)) {
      for (const m of text.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(m[1] ?? '');
      for (const m of text.matchAll(/\b(?:labelKey|titleKey):\s*'([\w.-]+)'/g)) used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !en.has(k)).sort()).toEqual([]);
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
    expect(en.get('dashboard.greeting')).toBe('Hi {{name}}, How can I help you?');
    expect(en.get('footer')).toBe('© {{year}} {{brand}}, All rights Reserved');
    expect(en.get('disabled.text')).toBe(
      'Your account has been disabled. Please contact your admin or try switching your Company',
    );
  });
});
