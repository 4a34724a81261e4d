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

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** `catalog` has exactly the English keys, each non-empty, with the same {{placeholders}}. */
export function expectSameKeysAsEnglish(lang: string, catalog: Map<string, string>, en: Map<string, string>) {
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
}
