import { actingUser, type TenantCtx } from '../../lib/context';
import { todayIn } from '../departments/departments.service';
import * as repo from './certifications.repository';
import { toRecord } from './certifications.service';
import { evidenceFile } from './records.service';

/**
 * Self-service: the certifications a member needs and where each stands. A record of someone else,
 * or of another company, does not exist for them (NOT_FOUND), so nothing about it leaks.
 */
export async function mine(ctx: TenantCtx) {
  const userId = actingUser(ctx);
  return ctx.run(async (tx) => {
    const today = await todayIn(tx, ctx.companyId);
    const rows = await repo.mine(tx, ctx.companyId, userId, today);
    return {
      today,
      data: rows.map((r) => ({
        type: { uuid: r.id, name: r.name, description: r.description, validityMonths: r.validity_months },
        status: r.status,
        record: toRecord(r.id, r),
        submission:
          r.sub_id && r.sub_status
            ? {
                ...toRecord(r.id, {
                  record_id: r.sub_id,
                  issued_on: r.sub_issued_on,
                  expires_on: r.sub_expires_on,
                  evidence_name: r.sub_evidence_name,
                  evidence_content_type: r.sub_evidence_content_type,
                  evidence_size: r.sub_evidence_size,
                  recorded_at: r.sub_created_at,
                })!,
                status: r.sub_status,
                reason: r.sub_reason,
              }
            : null,
      })),
    };
  });
}

/** The evidence of one of my own records. */
export const myEvidence = (ctx: TenantCtx, recordId: string) => evidenceFile(ctx, recordId, actingUser(ctx));
