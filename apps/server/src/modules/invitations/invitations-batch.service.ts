import type { Tx } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { randomToken, sha256 } from '../../lib/crypto';
import { enqueueMany, type JobInput } from '../../lib/jobs/queue';
import { spendQuota } from './invitation-quota';
import { INVITATION_MAIL_JOB, INVITATION_TTL_MS } from './invitations.service';
import * as repo from './invitations.repository';

/** Invitations by the thousand (a members CSV import of up to 100,000 rows): a statement per chunk, not per person. */
export interface ImportInvitation {
  email: string;
  roles: string[];
  firstName: string;
  lastName: string;
  employee: Record<string, unknown> | null;
}

/**
 * Many invitations of one company in the caller's transaction (a CSV import): the quota spent once
 * for all of them, the invitations and their mail jobs written a chunk per statement, the jobs
 * grouped under `batchId` for the import's progress. The caller has checked the addresses
 * (`refusalsInTx`) in the same transaction, and audits the import as one action (`member.import`,
 * with the batch id): a chained audit row per person would cost 100,000 serial trigger runs, and
 * every invitation already names who invited and when (docs/decisions/006-csv-import.md).
 */
export async function createManyInTx(
  ctx: Ctx,
  tx: Tx,
  { companyId, batchId, invitations }: { companyId: string; batchId: string; invitations: readonly ImportInvitation[] },
) {
  if (invitations.length === 0) return 0;
  await spendQuota(ctx, tx, companyId, invitations.length);
  const tokens = invitations.map(() => randomToken());
  const hashes = tokens.map(sha256);
  const ids = await repo.insertMany(tx, {
    companyId,
    invitedBy: ctx.actor.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    invitations: invitations.map((inv, i) => ({ ...inv, tokenHash: hashes[i]! })),
  });
  const idOf = (i: number) => ids.get(hashes[i]!)!;
  const jobs: JobInput[] = invitations.map((_, i) => ({
    type: INVITATION_MAIL_JOB,
    companyId,
    payload: { invitationId: idOf(i), lang: ctx.actor.lang },
    secret: { token: tokens[i]! },
    key: `${INVITATION_MAIL_JOB}:${idOf(i)}:${hashes[i]!.slice(0, 16)}`,
    batchId,
  }));
  await enqueueMany(tx, jobs);
  return invitations.length;
}

/** Why each of many addresses cannot be invited now (members, pending invitations), inside the caller's transaction. */
export async function refusalsInTx(tx: Tx, { companyId, emails }: { companyId: string; emails: readonly string[] }) {
  await repo.lockInviting(tx, companyId);
  return repo.refusalsOf(tx, companyId, emails);
}
