import type { Ctx, TenantCtx } from '../../lib/context';
import { iso } from '../../lib/sql';
import * as repo from './audit-log.repository';

/**
 * Verifies a company's tamper-evident audit chain (docs/decisions/015-audit-hash-chain.md): every
 * row's hash must be the hash of its content and of the previous row's hash, the numbers must run
 * without a gap, and the last row must be the head the chaining trigger recorded. The first row
 * where any of this fails is named: an edited row fails its own hash, a deleted one leaves a gap
 * (or a head that no row matches), a reordered or forged one breaks its successor's link.
 */

export interface ChainBreak {
  uuid: string | null;
  seq: number;
  action: string | null;
  createdAt: string | null;
  reason: 'content_changed' | 'link_broken' | 'row_missing' | 'unchained';
}
export interface VerifyResult {
  intact: boolean;
  checked: number;
  firstBroken: ChainBreak | null;
  millis: number;
}

const BATCH = 5000;

export async function verifyChain(ctx: TenantCtx | (Ctx & { companyId: string })): Promise<VerifyResult> {
  const started = performance.now();
  const companyId = ctx.companyId;
  let checked = 0;
  let prevSeq = 0;
  let prevHash = '';
  const done = (firstBroken: ChainBreak | null): VerifyResult => ({
    intact: !firstBroken,
    checked,
    firstBroken,
    millis: Math.round(performance.now() - started),
  });
  const loose = await ctx.run((tx) => repo.unchained(tx, companyId));
  if (loose) {
    return done({
      uuid: loose.id,
      seq: 0,
      action: loose.action,
      createdAt: iso(loose.created_at),
      reason: 'unchained',
    });
  }
  for (;;) {
    const batch = await ctx.run((tx) => repo.chainBatch(tx, companyId, prevSeq, BATCH));
    for (const r of batch) {
      const seq = Number(r.seq);
      const at = { uuid: r.id, seq, action: r.action, createdAt: iso(r.created_at) };
      if (seq !== prevSeq + 1) return done({ ...at, reason: 'row_missing' });
      if (r.hash !== r.expected) return done({ ...at, reason: 'content_changed' });
      if ((r.prev_hash ?? '') !== prevHash) return done({ ...at, reason: 'link_broken' });
      prevSeq = seq;
      prevHash = r.hash ?? '';
      checked++;
    }
    if (batch.length < BATCH) break;
  }
  const head = await ctx.run((tx) => repo.chainHead(tx, companyId));
  if (head.seq !== prevSeq || head.hash !== prevHash) {
    return done({ uuid: null, seq: prevSeq + 1, action: null, createdAt: null, reason: 'row_missing' });
  }
  return done(null);
}
