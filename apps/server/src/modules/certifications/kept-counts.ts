import type { Tx } from '../../db/client';
import { type KeptUnder, keptUnder, sharedRun } from '../../lib/kept';
import type { TypeRow } from './certifications.repository';
import { type CountsRow, changesCount, countsByType } from './counts.repository';

/**
 * The types' counts (assigned, valid, expiring, expired) kept by the process (decision 033). They
 * are a function of the company's date and of the rows Stats' Certifications valid % reads — the
 * types, the current records, the enabled memberships, today's teams and departments, the
 * employment ends — every statement changing which bumps the company's `stats_epochs.n` (migration
 * 0046, decision 032). So this process keeps each company's counts per type under (that count, the
 * company's date): the Certifications screen and the dashboard's backlog read the records once per
 * change, not once per answer (0.3 s at 100,000 members and 25 types). The count is read before the
 * counts, in the same transaction: counts kept are never older than the count they are kept under.
 */

/** Companies this process keeps counts for (the least recently used goes first). */
const KEPT_COMPANIES = 10_000;

const kept = new Map<string, KeptUnder<CountsRow>>();
const running = new Map<string, Promise<Map<string, CountsRow>>>();
/** Passes over the records run for this process's answers, and whether it keeps them (the tests read and set it). */
export const countsWork = { statements: 0, keeping: true };

/** Forgets every kept count (tests and the bench compare with a cold answer). */
export function forgetKeptCounts() {
  kept.clear();
}

export async function keptCountsByType(
  tx: Tx,
  companyId: string,
  types: TypeRow[],
  today: string,
): Promise<Map<string, CountsRow>> {
  if (types.length === 0) return new Map();
  const read = (these: TypeRow[]) => {
    countsWork.statements += 1;
    return countsByType(tx, companyId, these, today);
  };
  if (!countsWork.keeping) return read(types);
  const at = `${await changesCount(tx, companyId)}|${today}`;
  const counts = keptUnder(kept, KEPT_COMPANIES, companyId, at);
  const missing = types.filter((t) => !counts.has(t.id));
  if (missing.length) {
    // Callers of a cold screen at once share one pass (same count, date and types).
    const ids = missing.map((t) => t.id).sort();
    const found = await sharedRun(running, `${companyId}|${at}|${ids.join(',')}`, () => read(missing));
    for (const [id, c] of found) counts.set(id, c);
  }
  return new Map(types.map((t) => [t.id, counts.get(t.id) as CountsRow]));
}

/** One type's kept counts. */
export async function keptCounts(tx: Tx, companyId: string, type: TypeRow, today: string) {
  return (await keptCountsByType(tx, companyId, [type], today)).get(type.id) as CountsRow;
}
