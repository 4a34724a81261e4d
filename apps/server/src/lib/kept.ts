/**
 * What a process keeps in memory between requests: a bounded map that lets its oldest entry go, and
 * one promise per key while it runs, so callers asking for the same thing at once share it.
 */

/** Sets `key`, letting the oldest entry go first once the map holds `max` (a Map iterates in insertion order). */
export function keepBounded<K, V>(map: Map<K, V>, max: number, key: K, value: V) {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/**
 * The promise of `key` while one runs, else `start()`'s, remembered until it settles: a cold screen
 * opened by many callers at once reads once. A failure reaches every caller that shared it.
 */
export function sharedRun<T>(running: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  const held = running.get(key);
  if (held) return held;
  const run = start();
  running.set(key, run);
  void run.finally(() => running.delete(key)).catch(() => {});
  return run;
}

/** A key's values kept under a count of changes (`at`): read under another count, they are gone. */
export interface KeptUnder<V> {
  at: string;
  values: Map<string, V>;
}

/**
 * The values of `key` kept under the count `at` — a fresh, empty map when the count moved — made the
 * most recently used of `map`, which lets its least recently used key go past `max`. A value set in
 * them is never older than `at` when the caller read `at` before computing it (decisions 032, 033).
 */
export function keptUnder<V>(map: Map<string, KeptUnder<V>>, max: number, key: string, at: string): Map<string, V> {
  let k = map.get(key);
  if (!k || k.at !== at) k = { at, values: new Map() };
  map.delete(key);
  keepBounded(map, max, key, k);
  return k.values;
}
