import { createHash } from 'node:crypto';
import { createCtx, forCompany } from '../../lib/context';
import type { Cell, MatrixRoute } from '../../test/matrix';
import { isUnder } from '../../test/matrix-areas';
import { describeMatrix } from '../../test/matrix-suite';
import { multipart } from '../../test/multipart';
import * as service from './policies.service';

/** Managing and tracking policies is the compliance subject: the company's admins, on its own host. */
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
 * Self-service: every active member of the company, for their own policies. A super admin may read
 * the `default` subject anywhere but is in no policy's audience: an empty list, and no policy.
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

/** A fresh policy of the own company per cell, made the way a job would (no request). */
const draftPolicy = async (cell: Cell) => service.create(own(cell), { title: `Matrix ${cell.n}` });
const published = async (cell: Cell, html = `<p>Matrix ${cell.n}</p>`) => {
  const p = await draftPolicy(cell);
  await service.setDraftText(own(cell), { id: p.uuid, html });
  return service.publish(own(cell), { id: p.uuid, version: p.version, requiresAck: true });
};
const pdfPolicy = async (cell: Cell) => {
  const p = await draftPolicy(cell);
  await service.setDraftPdf(own(cell), { id: p.uuid, bytes: Buffer.from(`%PDF-1.4 matrix ${cell.n}`), name: 'm.pdf' });
  return service.publish(own(cell), { id: p.uuid, version: p.version, requiresAck: true });
};
const firstVersion = async (cell: Cell, id: string) => (await service.get(own(cell), id)).versions.at(-1)!.uuid;

const matrix: MatrixRoute[] = [
  { route: 'GET /api/policies', request: () => ({ url: '/api/policies' }), expect: reads },
  {
    route: 'POST /api/policies',
    request: ({ n }) => ({ url: '/api/policies', payload: { title: `Cell ${n}` } }),
    expect: writes(201),
  },
  {
    route: 'GET /api/policies/{uuid}',
    request: async (cell) => ({ url: `/api/policies/${(await draftPolicy(cell)).uuid}` }),
    expect: reads,
  },
  {
    route: 'PATCH /api/policies/{uuid}',
    request: async (cell) => ({
      url: `/api/policies/${(await draftPolicy(cell)).uuid}`,
      payload: { version: 1, title: `Renamed ${cell.n}` },
    }),
    expect: writes(200),
  },
  {
    route: 'POST /api/policies/{uuid}/archive',
    request: async (cell) => ({
      url: `/api/policies/${(await draftPolicy(cell)).uuid}/archive`,
      payload: { version: 1 },
    }),
    expect: writes(200),
  },
  {
    route: 'PUT /api/policies/{uuid}/draft',
    request: async (cell) => ({
      url: `/api/policies/${(await draftPolicy(cell)).uuid}/draft`,
      payload: { html: '<p>Text</p>' },
    }),
    expect: writes(200),
  },
  {
    route: 'PUT /api/policies/{uuid}/draft/pdf',
    request: async (cell) => {
      const { payload, headers } = multipart(Buffer.from('%PDF-1.4 cell'), { filename: 'c.pdf' });
      return { url: `/api/policies/${(await draftPolicy(cell)).uuid}/draft/pdf`, payload, headers };
    },
    expect: writes(200),
  },
  {
    route: 'POST /api/policies/{uuid}/publish',
    request: async (cell) => {
      const p = await draftPolicy(cell);
      await service.setDraftText(own(cell), { id: p.uuid, html: '<p>Publish me</p>' });
      return { url: `/api/policies/${p.uuid}/publish`, payload: { version: p.version, requiresAck: true } };
    },
    expect: writes(200),
  },
  {
    route: 'GET /api/policies/{uuid}/versions/{versionUuid}',
    request: async (cell) => {
      const p = await published(cell);
      return { url: `/api/policies/${p.uuid}/versions/${await firstVersion(cell, p.uuid)}` };
    },
    expect: reads,
  },
  {
    route: 'GET /api/policies/{uuid}/versions/{versionUuid}/pdf',
    request: async (cell) => {
      const p = await pdfPolicy(cell);
      return { url: `/api/policies/${p.uuid}/versions/${await firstVersion(cell, p.uuid)}/pdf` };
    },
    expect: reads,
  },
  {
    route: 'GET /api/policies/{uuid}/tracking',
    request: async (cell) => ({ url: `/api/policies/${(await published(cell)).uuid}/tracking` }),
    expect: reads,
  },
  {
    route: 'GET /api/policies/{uuid}/tracking/export.csv',
    request: async (cell) => ({ url: `/api/policies/${(await published(cell)).uuid}/tracking/export.csv` }),
    expect: reads,
  },
  {
    route: 'GET /api/policies/{uuid}/evidence.json',
    request: async (cell) => ({ url: `/api/policies/${(await published(cell)).uuid}/evidence.json` }),
    expect: reads,
  },
  {
    route: 'GET /api/policies/{uuid}/evidence/acknowledgements.csv',
    request: async (cell) => ({ url: `/api/policies/${(await published(cell)).uuid}/evidence/acknowledgements.csv` }),
    expect: reads,
  },
  { route: 'GET /api/my-policies', request: () => ({ url: '/api/my-policies' }), expect: self(200, 200) },
  {
    route: 'GET /api/my-policies/{uuid}',
    request: async (cell) => ({ url: `/api/my-policies/${(await published(cell)).uuid}` }),
    expect: self(200),
  },
  {
    route: 'GET /api/my-policies/{uuid}/pdf',
    request: async (cell) => ({ url: `/api/my-policies/${(await pdfPolicy(cell)).uuid}/pdf` }),
    expect: self(200),
  },
  {
    route: 'POST /api/my-policies/{uuid}/acknowledge',
    request: async (cell) => {
      const html = `<p>Acknowledge ${cell.n}</p>`;
      const p = await published(cell, html);
      const versionUuid = await firstVersion(cell, p.uuid);
      const contentSha256 = createHash('sha256').update(html).digest('hex');
      return { url: `/api/my-policies/${p.uuid}/acknowledge`, payload: { versionUuid, contentSha256 } };
    },
    expect: self(201),
  },
];

describeMatrix(
  'policies authorization matrix',
  matrix,
  (route) => isUnder(route, '/api/policies') || isUnder(route, '/api/my-policies'),
);
