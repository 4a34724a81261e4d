import { csvStream } from '../../lib/csv-export';
import { iso } from '../../lib/sql';
import type * as repo from './evidence-export.repository';

/** The CSV files of the company evidence export: each one's header and how a row becomes its cells. */

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export interface CsvFile<T> {
  header: readonly string[];
  cells: (r: T) => readonly unknown[];
}

/** A CSV file as a body (lib/csv-export's stream, as keyset batches arrive) that counts its rows. */
export function csvBody<T>(file: CsvFile<T>, all: AsyncIterable<T>, counted: { rows: number }) {
  async function* counting() {
    for await (const r of all) {
      counted.rows++;
      yield r;
    }
  }
  return csvStream(file.header, counting(), file.cells);
}

export const POLICIES: CsvFile<repo.PolicyRow> = {
  header: [
    'policyUuid',
    'title',
    'category',
    'owner',
    'status',
    'audience',
    'teamUuids',
    'departmentUuids',
    'dueDays',
    'currentVersion',
    'acknowledgedVersion',
    'createdAt',
    'archivedAt',
  ],
  cells: (r) => [
    r.id,
    r.title,
    r.category,
    r.owner_email,
    r.archived_at ? 'archived' : r.current_number ? 'active' : 'draft',
    r.audience_all ? 'all' : 'chosen',
    r.audience_team_ids.join(' '),
    r.audience_department_ids.join(' '),
    r.due_days,
    r.current_number,
    r.ack_number,
    iso(r.created_at),
    iso(r.archived_at),
  ],
};

export const VERSIONS: CsvFile<repo.VersionRow> = {
  header: [
    'policyUuid',
    'policyTitle',
    'version',
    'state',
    'bodyKind',
    'pdfName',
    'contentSha256',
    'requiresAcknowledgement',
    'publishedAt',
    'publishedBy',
    'versionUuid',
  ],
  cells: (r) => [
    r.policy_id,
    r.title,
    r.number,
    r.state,
    r.body_kind,
    r.pdf_name,
    r.content_sha256,
    r.requires_ack,
    iso(r.published_at),
    r.published_by_email,
    r.id,
  ],
};

export const ACKNOWLEDGEMENTS: CsvFile<repo.AckRow> = {
  header: [
    'acknowledgedAt',
    'policyUuid',
    'policyTitle',
    'version',
    'contentSha256',
    'personUuid',
    'email',
    'firstName',
    'lastName',
    'ip',
    'userAgent',
    'acknowledgementUuid',
  ],
  cells: (r) => [
    iso(r.acknowledged_at),
    r.policy_id,
    r.title,
    r.version_number,
    r.content_sha256,
    r.user_id,
    r.email,
    r.first_name,
    r.last_name,
    r.ip,
    r.user_agent,
    r.id,
  ],
};

export const TYPES: CsvFile<repo.TypeRow> = {
  header: [
    'typeUuid',
    'name',
    'description',
    'validityMonths',
    'remindDaysBefore',
    'audience',
    'teamUuids',
    'departmentUuids',
    'createdAt',
  ],
  cells: (r) => [
    r.id,
    r.name,
    r.description,
    r.validity_months,
    r.remind_days_before,
    r.audience_all ? 'all' : 'chosen',
    r.audience_team_ids.join(' '),
    r.audience_department_ids.join(' '),
    iso(r.created_at),
  ],
};

export const RECORDS: CsvFile<repo.RecordRow> = {
  header: [
    'recordUuid',
    'typeUuid',
    'typeName',
    'personUuid',
    'email',
    'firstName',
    'lastName',
    'issuedOn',
    'expiresOn',
    'approval',
    'counts',
    'statusOnExportDay',
    'evidenceName',
    'evidenceContentType',
    'evidenceSize',
    'evidenceSha256',
    'recordedBy',
    'recordedAt',
    'reviewedBy',
    'reviewedAt',
    'reviewNote',
  ],
  cells: (r) => [
    r.id,
    r.type_id,
    r.type_name,
    r.user_id,
    r.email,
    r.first_name,
    r.last_name,
    r.issued_on,
    r.expires_on,
    r.approval,
    r.is_current,
    r.status_on_export_day,
    r.evidence_name,
    r.evidence_content_type,
    r.evidence_size,
    r.evidence_sha256,
    r.recorded_by_email,
    iso(r.created_at),
    r.reviewed_by_email,
    iso(r.reviewed_at),
    r.review_note,
  ],
};

export const AUDIT: CsvFile<repo.AuditRow> = {
  header: [
    'seq',
    'createdAt',
    'action',
    'targetType',
    'targetUuid',
    'actorUuid',
    'actorEmail',
    'ip',
    'userAgent',
    'before',
    'after',
    'prevHash',
    'hash',
  ],
  cells: (r) => [
    Number(r.seq),
    iso(r.created_at),
    r.action,
    r.target_type,
    r.target_id,
    r.actor_user_id,
    r.actor_email,
    r.ip,
    r.user_agent,
    json(r.before),
    json(r.after),
    r.prev_hash,
    r.hash,
  ],
};
