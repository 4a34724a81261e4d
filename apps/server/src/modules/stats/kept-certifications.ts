import type { Tx } from '../../db/client';
import { type KeptUnder, keptUnder, sharedRun } from '../../lib/kept';
import { keeping } from './day-rows';
import { type CertificationFigures, certificationFigures } from './stats-compliance.repository';
import type { CompanyClock, StatsFilter } from './stats.repository';

/**
 * Certifications valid % at an answer's two ends, kept by the process (decision 032; docs/stats.md,
 * "How the figures are kept"). The figure of a company day is a function of the certification
 * types, the approved records, the memberships, today's teams and departments, the employment ends
 * and the zone, and of no clock: every statement that changes one of those bumps the company's
 * `stats_epochs.n` (migration 0046). So this process keeps each scope's figure of a day under that
 * count, and the statement over the members (0.35 s at 100,000 members with 25 types) runs once per
 * count, scope and pair of ends, not per answer. The count is read before the figures, in the same
 * transaction: a figure kept is never older than the count it is kept under.
 */

/** Scopes (company × team × department) this process keeps figures for, over every company. */
const KEPT_SCOPES = 10_000;
/** Days kept per scope (each answer asks for two; a screen's ranges and custom periods add a few). */
const KEPT_DAYS = 64;

const kept = new Map<string, KeptUnder<CertificationFigures>>();
const running = new Map<string, Promise<CertificationFigures[]>>();
/** Statements over the members run for this process's answers (the tests read it). */
export const certificationWork = { statements: 0 };

/** Forgets every kept figure (tests and the bench compare with a cold answer). */
export function forgetKeptCertifications() {
  kept.clear();
}

export async function keptCertificationFigures(
  tx: Tx,
  companyId: string,
  f: StatsFilter,
  ends: [string, string],
  clock: Pick<CompanyClock, 'certs_epoch'>,
): Promise<CertificationFigures[]> {
  const read = () => {
    certificationWork.statements += 1;
    return certificationFigures(tx, companyId, f, ends);
  };
  if (!keeping.on) return read();
  const key = `${companyId}|${f.team ?? ''}|${f.department ?? ''}`;
  const days = keptUnder(kept, KEPT_SCOPES, key, clock.certs_epoch);
  const held = ends.map((d) => days.get(d));
  if (held[0] && held[1]) return held as CertificationFigures[];
  // Callers of a cold screen at once share one statement (same count, scope and ends).
  const out = await sharedRun(running, `${key}|${clock.certs_epoch}|${ends[0]}|${ends[1]}`, read);
  for (const [i, d] of ends.entries()) {
    days.delete(d);
    days.set(d, out[i] as CertificationFigures);
  }
  while (days.size > KEPT_DAYS) days.delete(days.keys().next().value as string);
  return out;
}
