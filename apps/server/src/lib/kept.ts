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
