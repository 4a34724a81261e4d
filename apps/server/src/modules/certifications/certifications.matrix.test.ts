import { createCtx, forCompany } from '../../lib/context';
import { demoPdf } from '../../db/seed/compliance-factories';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import { multipartForm } from '../../test/multipart';
import * as service from './certifications.service';
import * as records from './records.service';
import * as submissions from './submissions.service';

/** Managing certifications is the compliance subject: the company's admins, on its own host. */
const reads = {
  signedOut: [401, 401],
  member: [403, 403],
  admin: [200, 403],
  disabledMember: [403, 403],
  nonMember: [403, 403],
  superAdmin: [403, 403],
  superAdminWrite: [403, 403],
} as const;
const writes = (ok: number) => ({ ...reads, admin: [ok, 403] }) as const;
/**
 * Self-service: every active member of the company, for their own certifications. A super admin may
 * read the `default` subject anywhere but belongs to no company here: an empty list, and no record.
 */
const self = (ok: number, forSuperAdmin = 404) =>
  ({
    ...reads,
    member: [ok, 403],
    admin: [ok, 403],
    superAdmin: [forSuperAdmin, forSuperAdmin],
    superAdminWrite: [forSuperAdmin, forSuperAdmin],
  }) as const;

const own = (cell: Cell) => forCompany(createCtx(cell.app), cell.world.companies.own.id);

/** A fresh type of the own company per cell, made the way a job would (no request). */
const aType = (cell: Cell) => service.createType(own(cell), { name: `Matrix ${cell.n}`, validityMonths: 12 });
/** A record with evidence: the caller's own when they are an active member of the own company, else the bystander's. */
async function aRecord(cell: Cell, of: 'caller' | 'bystander' = 'caller') {
  const type = await aType(cell);
  const input = { id: type.uuid, issuedOn: '2026-01-10', file: { bytes: demoPdf(`m ${cell.n}`), name: 'e.pdf' } };
  const person = of === 'caller' ? (cell.user?.id ?? cell.world.users.bystander.id) : cell.world.users.bystander.id;
  try {
    return await records.record(own(cell), { ...input, userUuid: person });
  } catch {
    return records.record(own(cell), { ...input, userUuid: cell.world.users.bystander.id });
  }
}

/** A member's upload waiting for review (the bystander's, uploaded in their own name). */
async function aSubmission(cell: Cell) {
  const type = await aType(cell);
  const ctx = forCompany(
    createCtx(cell.app, { actor: { userId: cell.world.users.bystander.id } }),
    cell.world.companies.own.id,
  );
  return submissions.submit(ctx, {
    id: type.uuid,
    issuedOn: '2026-02-01',
    file: { bytes: demoPdf(`s ${cell.n}`), name: 's.pdf' },
  });
}

const matrix: MatrixRoute[] = [
  { route: 'GET /api/certification-types', request: () => ({ url: '/api/certification-types' }), expect: reads },
  {
    route: 'POST /api/certification-types',
    request: ({ n }) => ({ url: '/api/certification-types', payload: { name: `Cell ${n}` } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/certification-types/{uuid}',
    request: async (cell) => ({ url: `/api/certification-types/${(await aType(cell)).uuid}` }),
    expect: reads,
  },
  {
    route: 'PATCH /api/certification-types/{uuid}',
    request: async (cell) => ({
      url: `/api/certification-types/${(await aType(cell)).uuid}`,
      payload: { version: 1, name: `Renamed ${cell.n}` },
    }),
    expect: writes(200),
  },
  {
    route: 'DELETE /api/certification-types/{uuid}',
    request: async (cell) => ({ url: `/api/certification-types/${(await aType(cell)).uuid}?version=1` }),
    expect: writes(204),
  },
  {
    route: 'GET /api/certification-types/{uuid}/holders',
    request: async (cell) => ({ url: `/api/certification-types/${(await aType(cell)).uuid}/holders` }),
    expect: reads,
  },
  {
    route: 'POST /api/certification-types/{uuid}/records',
    request: async (cell) => {
      const { payload, headers } = multipartForm(
        { userUuid: cell.world.users.bystander.id, issuedOn: '2026-03-01' },
        { data: demoPdf(`cell ${cell.n}`), filename: 'c.pdf' },
      );
      return { url: `/api/certification-types/${(await aType(cell)).uuid}/records`, payload, headers };
    },
    expect: writes(201),
  },
  {
    route: 'DELETE /api/certification-records/{uuid}',
    // Someone else's record: an admin removes no record of his own (CERTIFICATION_OWN_RECORD).
    request: async (cell) => ({ url: `/api/certification-records/${(await aRecord(cell, 'bystander')).uuid}` }),
    expect: writes(204),
  },
  {
    route: 'GET /api/certification-records/{uuid}/evidence',
    request: async (cell) => ({ url: `/api/certification-records/${(await aRecord(cell)).uuid}/evidence` }),
    expect: reads,
  },
  {
    route: 'GET /api/certification-submissions',
    request: () => ({ url: '/api/certification-submissions' }),
    expect: reads,
  },
  {
    route: 'POST /api/certification-records/{uuid}/approve',
    request: async (cell) => ({ url: `/api/certification-records/${(await aSubmission(cell)).uuid}/approve` }),
    expect: writes(204),
  },
  {
    route: 'POST /api/certification-records/{uuid}/reject',
    request: async (cell) => ({
      url: `/api/certification-records/${(await aSubmission(cell)).uuid}/reject`,
      payload: { reason: 'Unreadable' },
    }),
    expect: writes(204),
  },
  {
    route: 'POST /api/my-certifications/{uuid}/records',
    request: async (cell) => {
      const { payload, headers } = multipartForm(
        { issuedOn: '2026-03-01' },
        { data: demoPdf(`own ${cell.n}`), filename: 'own.pdf' },
      );
      return { url: `/api/my-certifications/${(await aType(cell)).uuid}/records`, payload, headers };
    },
    expect: self(201),
  },
  { route: 'GET /api/my-certifications', request: () => ({ url: '/api/my-certifications' }), expect: self(200, 200) },
  {
    route: 'GET /api/my-certifications/records/{uuid}/evidence',
    request: async (cell) => ({ url: `/api/my-certifications/records/${(await aRecord(cell)).uuid}/evidence` }),
    expect: self(200),
  },
];

describeMatrix(
  'certifications authorization matrix',
  matrix,
  (route) =>
    isUnder(route, '/api/certification-types') ||
    isUnder(route, '/api/certification-records') ||
    isUnder(route, '/api/certification-submissions') ||
    isUnder(route, '/api/my-certifications'),
);
