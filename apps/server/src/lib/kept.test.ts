// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import { describe, expect, it } from 'vitest';
import { type KeptUnder, keepBounded, keptUnder, sharedRun } from './kept';

describe('kept in memory', () => {
  it('lets the oldest entry go once the map is full, and replaces a key in place', () => {
    const m = new Map<string, number>();
    keepBounded(m, 2, 'a', 1);
    keepBounded(m, 2, 'b', 2);
    keepBounded(m, 2, 'b', 3);
    expect([...m]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    keepBounded(m, 2, 'c', 4);
    expect([...m]).toEqual([
      ['b', 3],
      ['c', 4],
    ]);
  });

  it('shares one run between callers of the same key, and starts anew once it settled', async () => {
    const running = new Map<string, Promise<number>>();
    let starts = 0;
    let release!: (n: number) => void;
    const start = () => {
      starts++;
      return new Promise<number>((r) => {
        release = r;
      });
    };
    const a = sharedRun(running, 'k', start);
    const b = sharedRun(running, 'k', start);
    release(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(starts).toBe(1);
    await Promise.resolve();
    expect(running.size).toBe(0);
    const failed = sharedRun(running, 'k', () => Promise.reject(new Error('down')));
    await expect(failed).rejects.toThrow('down');
    await Promise.resolve();
    expect(running.size).toBe(0);
  });

  it("keeps a key's values under a count: the same count finds them, another starts empty, the least used key goes", () => {
    const map = new Map<string, KeptUnder<number>>();
    keptUnder(map, 2, 'a', '1').set('x', 10);
    expect(keptUnder(map, 2, 'a', '1').get('x')).toBe(10);
    keptUnder(map, 2, 'b', '1').set('y', 20);
    // 'a' used again, so 'b' is the least recently used when 'c' comes.
    expect(keptUnder(map, 2, 'a', '1').get('x')).toBe(10);
    keptUnder(map, 2, 'c', '1');
    expect([...map.keys()].sort()).toEqual(['a', 'c']);
    // The count moved: what was kept under the old one is gone.
    expect(keptUnder(map, 2, 'a', '2').size).toBe(0);
    expect(keptUnder(map, 2, 'a', '2').has('x')).toBe(false);
  });
});
