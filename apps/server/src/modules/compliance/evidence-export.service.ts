import type { CompanyEvidenceQuery } from '@wac/shared/schemas/compliance';
import { Readable } from 'node:stream';
import type { TenantCtx } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { batches, keysetOf } from '../../lib/sql';
import { type ZipInput, type ZipWritten, zipStream } from '../../lib/zip';
import * as repo from './evidence-export.repository';
import * as files from './evidence-files';
import { csvBody } from './evidence-files';

/**
 * The auditor's evidence for the whole company and a date range, as one ZIP streamed in constant
 * memory: a CSV per kind of object, then `manifest.json` naming each file with its size, row count
 * and SHA-256 (computed while it was written), the range, the company's day and its audit chain head.
 * The range narrows what happened (acknowledgements, audit entries); what exists (policies, every
 * version with its hash, certification types and records with their status on the export day) is
 * exported whole.
 */

export const EVIDENCE_FORMAT = 'wac-compliance-evidence/1';

export async function exportArchive(ctx: TenantCtx, days: CompanyEvidenceQuery): Promise<Readable> {
  if (days.from && days.to && days.to < days.from) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'querystring.to', code: 'dateOrder' }]);
  }
  const started = new Date();
  const { company, head, range } = await ctx.run(async (tx) => ({
    company: await repo.company(tx, ctx.companyId),
    head: await repo.chainHead(tx, ctx.companyId),
    range: await repo.dayBounds(tx, ctx.companyId, days),
  }));
  const run = <T>(fn: Parameters<TenantCtx['run']>[0]) => ctx.run(fn) as Promise<T>;
  const counts: Record<string, { rows: number }> = {};
  const file = <T>(name: string, spec: files.CsvFile<T>, all: AsyncIterable<T>): ZipInput => {
    counts[name] = { rows: 0 };
    return { name, body: csvBody(spec, all, counts[name]) };
  };

  const policies = () =>
    batches(
      (after: string | null, limit) =>
        run<repo.PolicyRow[]>((tx) => repo.policiesBatch(tx, ctx.companyId, after, limit)),
      (r) => r.id,
    );
  const acknowledgements = async function* () {
    for await (const p of policies()) {
      yield* batches(
        (cursor: { k: string; id: string } | null, limit) =>
          run<repo.AckRow[]>((tx) => repo.acknowledgementsBatch(tx, ctx.companyId, p.id, range, cursor, limit)),
        keysetOf,
      );
    }
  };
  const written: ZipWritten[] = [];
  const entries = function* (): Generator<ZipInput> {
    yield file('policies.csv', files.POLICIES, policies());
    yield file(
      'policy-versions.csv',
      files.VERSIONS,
      batches(
        (after: { policyId: string; number: number } | null, limit) =>
          run<repo.VersionRow[]>((tx) => repo.versionsBatch(tx, ctx.companyId, after, limit)),
        (r) => ({ policyId: r.policy_id, number: r.number }),
      ),
    );
    yield file('acknowledgements.csv', files.ACKNOWLEDGEMENTS, acknowledgements());
    yield file(
      'certification-types.csv',
      files.TYPES,
      batches(
        (after: string | null, limit) => run<repo.TypeRow[]>((tx) => repo.typesBatch(tx, ctx.companyId, after, limit)),
        (r) => r.id,
      ),
    );
    yield file(
      'certification-records.csv',
      files.RECORDS,
      batches(
        (after: string | null, limit) =>
          run<repo.RecordRow[]>((tx) => repo.recordsBatch(tx, ctx.companyId, company.today, after, limit)),
        (r) => r.id,
        200,
      ),
    );
    yield file(
      'audit-trail.csv',
      files.AUDIT,
      batches(
        (after: number | null, limit) =>
          run<repo.AuditRow[]>((tx) => repo.auditBatch(tx, ctx.companyId, range, after ?? 0, limit)),
        (r) => Number(r.seq),
      ),
    );
    // Last: it names every file before it with the hash computed while that file was written.
    yield {
      name: 'manifest.json',
      body: (async function* () {
        yield JSON.stringify(
          {
            format: EVIDENCE_FORMAT,
            generatedAt: started.toISOString(),
            company: {
              uuid: company.id,
              name: company.name,
              subDomain: company.sub_domain,
              timeZone: company.time_zone,
            },
            exportDay: company.today,
            range: {
              fromDay: days.from ?? null,
              toDay: days.to ?? null,
              from: range.from ?? null,
              to: range.to ?? null,
              appliesTo: ['acknowledgements.csv', 'audit-trail.csv'],
            },
            auditChainHead: head,
            auditTargets: repo.EVIDENCE_TARGETS,
            files: written.map((w) => ({
              name: w.name,
              bytes: w.bytes,
              rows: counts[w.name]?.rows ?? 0,
              sha256: w.sha256,
            })),
          },
          null,
          2,
        );
      })(),
    };
  };
  return Readable.from(zipStream(entries(), written, started), { objectMode: false });
}
