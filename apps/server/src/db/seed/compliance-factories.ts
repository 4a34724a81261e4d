import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { policies, policyAcknowledgements, policyVersions } from '../schema/index';

/** Compliance rows written straight (the seed and tests); the API checks what these do not. */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

export type SeedBody = { html: string } | { pdf: Buffer; name: string };
export interface SeedVersion {
  body: SeedBody;
  requiresAck?: boolean;
  publishedDaysAgo: number;
}

/** A policy with published versions, oldest first (the last one is current). */
export async function createPolicy(
  tx: Tx,
  companyId: string,
  input: {
    title: string;
    category?: string;
    ownerUserId?: string | null;
    audienceTeamIds?: string[];
    dueDays?: number;
    versions: SeedVersion[];
  },
) {
  const [p] = await tx
    .insert(policies)
    .values({
      companyId,
      title: input.title,
      category: input.category ?? '',
      ownerUserId: input.ownerUserId ?? null,
      audienceAll: !input.audienceTeamIds?.length,
      audienceTeamIds: input.audienceTeamIds ?? [],
      dueDays: input.dueDays ?? 14,
      createdAt: daysAgo(input.versions[0]?.publishedDaysAgo ?? 0),
    })
    .returning({ id: policies.id });
  const versions: Array<{ id: string; number: number; sha: string }> = [];
  let ack: { number: number; at: Date } | null = null;
  for (const [i, v] of input.versions.entries()) {
    const number = i + 1;
    const bytes = 'html' in v.body ? v.body.html : v.body.pdf;
    const at = daysAgo(v.publishedDaysAgo);
    const requiresAck = v.requiresAck ?? true;
    const [row] = await tx
      .insert(policyVersions)
      .values({
        companyId,
        policyId: p!.id,
        number,
        state: 'published',
        bodyKind: 'html' in v.body ? 'text' : 'pdf',
        bodyHtml: 'html' in v.body ? v.body.html : null,
        pdf: 'pdf' in v.body ? v.body.pdf : null,
        pdfName: 'pdf' in v.body ? v.body.name : null,
        contentSha256: sha256(bytes),
        requiresAck: requiresAck || number === 1,
        publishedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: policyVersions.id });
    versions.push({ id: row!.id, number, sha: sha256(bytes) });
    if (requiresAck || number === 1) ack = { number, at };
  }
  const current = versions.at(-1)!;
  await tx
    .update(policies)
    .set({
      currentVersionId: current.id,
      currentNumber: current.number,
      ackNumber: ack!.number,
      ackPublishedAt: ack!.at,
    })
    .where(and(eq(policies.companyId, companyId), eq(policies.id, p!.id)));
  return { id: p!.id, versions };
}

/** A person's acknowledgement of one version, `daysAgo` days back. */
export async function acknowledgePolicy(
  tx: Tx,
  companyId: string,
  policy: { id: string; versions: Array<{ id: string; number: number; sha: string }> },
  userId: string,
  number: number,
  ago: number,
) {
  const v = policy.versions.find((x) => x.number === number)!;
  await tx.insert(policyAcknowledgements).values({
    companyId,
    policyId: policy.id,
    versionId: v.id,
    versionNumber: number,
    userId,
    contentSha256: v.sha,
    ip: '203.0.113.10',
    userAgent: 'Demo seed',
    acknowledgedAt: daysAgo(ago),
  });
}

/** A small, valid one-page PDF with a line of text. */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
