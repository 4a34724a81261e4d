import { addMonths } from '@wac/shared/schemas/certifications';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { certificationRecords, certificationTypes } from '../schema/index';

/** Certification types and records for the demo seed and the tests (the same factories). */

export async function createCertificationType(
  tx: Tx,
  companyId: string,
  input: {
    name: string;
    description?: string;
    validityMonths?: number;
    remindDaysBefore?: number;
    audienceTeamIds?: string[];
    audienceDepartmentIds?: string[];
  },
) {
  const targeted = (input.audienceTeamIds?.length ?? 0) + (input.audienceDepartmentIds?.length ?? 0) > 0;
  const [row] = await tx
    .insert(certificationTypes)
    .values({
      companyId,
      name: input.name,
      description: input.description ?? '',
      validityMonths: input.validityMonths ?? 12,
      remindDaysBefore: input.remindDaysBefore ?? 30,
      audienceAll: !targeted,
      audienceTeamIds: input.audienceTeamIds ?? [],
      audienceDepartmentIds: input.audienceDepartmentIds ?? [],
    })
    .returning();
  return row!;
}

/** The company's calendar day, `offsetDays` from today, as YYYY-MM-DD. */
export async function companyDay(tx: Tx, companyId: string, offsetDays = 0) {
  const result = (await tx.execute(
    sql`SELECT to_char((now() AT TIME ZONE c.time_zone)::date + ${offsetDays}::int, 'YYYY-MM-DD') AS d FROM companies c WHERE c.id = ${companyId}`,
  )) as unknown as { rows: Array<{ d: string }> };
  return result.rows[0]!.d;
}

/** A record expiring on `expiresOn`, issued the type's validity before it (unless given). */
export async function recordCertification(
  tx: Tx,
  companyId: string,
  type: { id: string; validityMonths: number },
  userId: string,
  input: {
    expiresOn: string;
    issuedOn?: string;
    evidence?: { data: Buffer; name: string; contentType: string };
    /** A member's submission waiting for review or refused (default: approved, recorded by an admin). */
    status?: 'approved' | 'pending' | 'rejected';
  },
) {
  const [row] = await tx
    .insert(certificationRecords)
    .values({
      companyId,
      typeId: type.id,
      userId,
      issuedOn: input.issuedOn ?? addMonths(input.expiresOn, -type.validityMonths),
      expiresOn: input.expiresOn,
      evidence: input.evidence?.data ?? null,
      evidenceName: input.evidence?.name ?? null,
      evidenceContentType: input.evidence?.contentType ?? null,
      evidenceSize: input.evidence?.data.length ?? null,
      status: input.status ?? 'approved',
    })
    .returning();
  await tx.execute(sql`SELECT certification_refresh_current(${companyId}::uuid, ${type.id}::uuid, ${userId}::uuid)`);
  return row!;
}
