import { expect } from 'vitest';

/** A translation file: nested objects of strings. */
export type Tree = { [key: string]: string | Tree };

/** `{ a: { b: 'x' } }` → `a.b` → `x`. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** `{{name}}` and `{{count, number}}` (a value with its i18next format) → `name`, `count`. */
export const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1] ?? '').sort();

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * i18next's plural keys (`key_one`, `key_other` …) grouped by their base key: base → category → text.
 * A key is plural when its catalog also holds `base_other`.
 */
export function pluralGroups(catalog: Map<string, string>): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const [key, value] of catalog) {
    const m = PLURAL_SUFFIX.exec(key);
    if (!m || !catalog.has(`${m[1]}_other`)) continue;
    const group = groups.get(m[1] ?? '') ?? new Map<string, string>();
    group.set(m[2] ?? '', value);
    groups.set(m[1] ?? '', group);
  }
  return groups;
}

/** The plural categories a language needs (CLDR, as i18next picks them with Intl.PluralRules). */
export const pluralCategories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** Plain keys and plural bases: what a catalog says, whatever forms its language needs. */
const messages = (catalog: Map<string, string>) => {
  const groups = pluralGroups(catalog);
  const plain = [...catalog.keys()].filter((k) => {
    const m = PLURAL_SUFFIX.exec(k);
    return !(m && groups.has(m[1] ?? ''));
  });
  return { groups, plain };
};

/**
 * `catalog` has exactly the English messages, each non-empty, with the same {{placeholders}}. A
 * plural message has exactly the forms its language needs (French: one, many, other; Arabic: zero,
 * one, two, few, many, other …), `_zero` allowed beside them as i18next's explicit zero; a form may
 * leave out `count` (Arabic says "صف واحد", one row, without the digit) but no other placeholder.
 */
export function expectSameKeysAsEnglish(lang: string, catalog: Map<string, string>, en: Map<string, string>) {
  const mine = messages(catalog);
  const theirs = messages(en);
  const names = ({ groups, plain }: ReturnType<typeof messages>) => new Set([...plain, ...groups.keys()]);
  const mineNames = names(mine);
  const enNames = names(theirs);
  expect(
    [...mineNames].filter((k) => !enNames.has(k)),
    'keys not in en',
  ).toEqual([]);
  expect(
    [...enNames].filter((k) => !mineNames.has(k)),
    `keys missing in ${lang}`,
  ).toEqual([]);
  expect(
    [...theirs.groups.keys()].filter((k) => !mine.groups.has(k)),
    `${lang}: messages plural in en but not here`,
  ).toEqual([]);
  expect(
    [...mine.groups.keys()].filter((k) => !theirs.groups.has(k)),
    `${lang}: messages plural here but not in en`,
  ).toEqual([]);
  for (const [key, value] of catalog) expect(value.trim(), `${lang}:${key} is empty`).not.toBe('');
  for (const key of mine.plain) {
    expect(placeholders(catalog.get(key) ?? ''), `${lang}:${key} placeholders`).toEqual(
      placeholders(en.get(key) ?? ''),
    );
  }
  const needed: string[] = [...pluralCategories(lang)].sort();
  for (const [base, forms] of mine.groups) {
    const optional = new Set(['zero']);
    const has = [...forms.keys()].filter((c) => !(optional.has(c) && !needed.includes(c))).sort();
    expect(has, `${lang}:${base} plural forms`).toEqual(needed);
    const wanted = placeholders(en.get(`${base}_other`) ?? '');
    for (const [category, text] of forms) {
      const own = placeholders(text);
      expect(
        own.filter((p) => p !== 'count'),
        `${lang}:${base}_${category} placeholders`,
      ).toEqual(wanted.filter((p) => p !== 'count'));
    }
    expect(placeholders(forms.get('other') ?? ''), `${lang}:${base}_other placeholders`).toEqual(wanted);
  }
}

/**
 * A number shown as a count of something is `{{count}}` in a plural message, so each language
 * picks its form ("1 valide", "2 valides"; Arabic's six): never a bare number beside a word it
 * should agree with. Placeholder names that hold numbers are listed here; such a placeholder is
 * allowed outside `count` only where `notCounts` says so (positions, years, versions, "of N").
 */
const NUMBER_NAMES = new Set(['n', 'total', 'max', 'first', 'last', 'number', 'seq', 'line', 'year', 'shown', 'days']);

export function expectCountsPlural(lang: string, catalog: Map<string, string>, notCounts: Record<string, string[]>) {
  const groups = pluralGroups(catalog);
  for (const [key, value] of catalog) {
    const m = PLURAL_SUFFIX.exec(key);
    const base = m && groups.has(m[1] ?? '') ? (m[1] ?? '') : key;
    const names = placeholders(value);
    if (names.includes('count')) {
      expect(groups.has(base), `${lang}:${key} shows {{count}} but has no plural forms`).toBe(true);
    }
    const allowed = new Set(notCounts[base] ?? []);
    expect(
      names.filter((p) => NUMBER_NAMES.has(p) && !allowed.has(p)),
      `${lang}:${key}: a count goes through {{count}} and plural forms`,
    ).toEqual([]);
  }
}

/** French writes its apostrophe one way, the typographic ’ (l’entreprise), never the straight '. */
export function expectFrenchApostrophes(catalog: Map<string, string>) {
  expect(
    [...catalog].filter(([, v]) => v.includes("'")).map(([k]) => k),
    "French messages with a straight apostrophe (') instead of ’",
  ).toEqual([]);
}
