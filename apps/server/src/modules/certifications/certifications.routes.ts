import {
  CertificationHoldersPageSchema,
  CertificationHoldersQuerySchema,
  CertificationRecordParamsSchema,
  CertificationRecordSchema,
  CertificationTypeCreateSchema,
  CertificationTypeListQuerySchema,
  CertificationTypePageSchema,
  CertificationTypeParamsSchema,
  CertificationTypeSchema,
  CertificationTypeUpdateSchema,
  CertificationTypeWithCountsSchema,
  CertificationRejectSchema,
  CertificationSubmissionSchema,
  MyCertificationListSchema,
  PendingSubmissionPageSchema,
  PendingSubmissionQuerySchema,
} from '@wac/shared/schemas/certifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { DeleteQuerySchema, errorResponses, errors } from '../../lib/http';
import { malformed, readUpload } from '../../lib/images';
import { tenantOf } from '../../plugins/context';
import * as service from './certifications.service';
import type { Evidence } from './evidence';
import * as my from './my-certifications.service';
import * as records from './records.service';
import * as reminders from './reminders.service';
import * as submissions from './submissions.service';
import { CERTIFICATION_UPLOAD_MAIL, runUploadMail, type UploadMailJob } from './upload-mail';

const tags = ['certifications'];
const security = [{ bearer: [] }];

/** Evidence as a download the browser never renders or sniffs in the console's origin. */
const sendEvidence = (reply: FastifyReply, file: { data: Buffer; name: string; contentType: string }) => {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.data.length)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(file.data);
};

/**
 * The record form: text fields (userUuid, issuedOn, expiresOn; a member's own upload has no userUuid) and at most one file field `file`
 * (≤ 2 MB, read with the limit, never buffered past it). An empty file input means no evidence.
 */
async function recordForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  // No prototype: a field called __proto__ or constructor is just an unknown field (the schema refuses it).
  const fields: Record<string, string> = Object.create(null);
  const seen = new Set<string>();
  let file: Evidence | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError('BAD_REQUEST', [{ path: `body.${part.fieldname}`, code: 'invalid' }]);
        }
        const bytes = await readUpload(part);
        if (bytes.length > 0 || part.filename) file = { bytes, name: part.filename ?? '' };
      } else if (typeof part.value === 'string') {
        // Sent twice ("the last one wins" would record a date nobody saw): refused, naming the field.
        if (seen.has(part.fieldname)) {
          throw new AppError('VALIDATION_FAILED', [{ path: `body.${part.fieldname}`, code: 'repeated' }]);
        }
        seen.add(part.fieldname);
        if (part.value !== '') fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw malformed(e);
  }
  return { fields, file };
}

/**
 * Certifications of the Host's company. Managing them is the `compliance` subject (company admins);
 * reading one's own is every member's self-service (`default`).
 */
const certificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'compliance');
  const write = app.authorize('write', 'compliance');
  const self = app.authorize('read', 'default');

  app.jobs.register<Record<string, unknown>, Record<string, unknown>>({
    type: reminders.CERTIFICATION_REMINDER_SCAN,
    run: (job) => reminders.runReminderScan(app, job),
  });
  app.jobs.register<reminders.ReminderMailJob['payload'], Record<string, unknown>>({
    type: reminders.CERTIFICATION_REMINDER_MAIL,
    run: (job) => reminders.runReminderMail(app, job),
  });
  app.jobs.register<UploadMailJob['payload'], Record<string, unknown>>({
    type: CERTIFICATION_UPLOAD_MAIL,
    run: (job) => runUploadMail(app, job),
  });
  app.jobs.recurring({
    type: reminders.CERTIFICATION_REMINDER_SCAN,
    cron: reminders.REMINDER_CRON,
    perCompany: true,
  });

  app.get(
    '/api/certification-types',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Certification types with counts (valid, expiring within 30 days, expired, missing)',
        querystring: CertificationTypeListQuerySchema,
        response: { 200: CertificationTypePageSchema, ...errors },
      },
    },
    (request) => service.listTypes(tenantOf(request), request.query),
  );
  app.post(
    '/api/certification-types',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a certification type (validity, reminder window, audience)',
        body: CertificationTypeCreateSchema,
        response: { 201: CertificationTypeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createType(tenantOf(request), request.body)),
  );
  app.get(
    '/api/certification-types/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One certification type with its counts',
        params: CertificationTypeParamsSchema,
        response: { 200: CertificationTypeWithCountsSchema, ...errors },
      },
    },
    (request) => service.getType(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/certification-types/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Change a certification type',
        params: CertificationTypeParamsSchema,
        body: CertificationTypeUpdateSchema,
        response: { 200: CertificationTypeSchema, ...errors },
      },
    },
    (request) => service.updateType(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/certification-types/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a certification type with its records',
        params: CertificationTypeParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeType(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/certification-types/:uuid/holders',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Who needs the certification and where each stands: missing, expiring, expired, valid',
        params: CertificationTypeParamsSchema,
        querystring: CertificationHoldersQuerySchema,
        response: { 200: CertificationHoldersPageSchema, ...errors },
      },
    },
    (request) => service.holders(tenantOf(request), { id: request.params.uuid, ...request.query }),
  );
  app.post(
    '/api/certification-types/:uuid/records',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          'Record a certification for a member (multipart: userUuid, issuedOn, expiresOn?, file? — PDF, PNG or JPEG ≤ 2 MB, checked by its content)',
        consumes: ['multipart/form-data'],
        params: CertificationTypeParamsSchema,
        response: { 201: CertificationRecordSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const { fields, file } = await recordForm(request);
      const saved = await records.record(tenantOf(request), {
        id: request.params.uuid,
        ...(fields as { userUuid: string; issuedOn: string; expiresOn?: string }),
        file,
      });
      return reply.status(201).send(saved);
    },
  );
  app.delete(
    '/api/certification-records/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a certification record entered by mistake',
        params: CertificationRecordParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await records.removeRecord(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/certification-records/:uuid/evidence',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A record's evidence file, as a download",
        params: CertificationRecordParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: z.unknown().describe('application/pdf, image/png or image/jpeg'), ...errors },
      },
    },
    async (request, reply) => sendEvidence(reply, await records.evidenceFile(tenantOf(request), request.params.uuid)),
  );

  app.get(
    '/api/certification-submissions',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Certificates members uploaded themselves, waiting for approval (oldest first, paged)',
        querystring: PendingSubmissionQuerySchema,
        response: { 200: PendingSubmissionPageSchema, ...errors },
      },
    },
    (request) => submissions.pending(tenantOf(request), request.query),
  );
  app.post(
    '/api/certification-records/:uuid/approve',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Approve a member's uploaded certificate: from now on it counts",
        params: CertificationRecordParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await submissions.approve(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/certification-records/:uuid/reject',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Reject a member's uploaded certificate, saying why (the member reads the reason)",
        params: CertificationRecordParamsSchema,
        body: CertificationRejectSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await submissions.reject(tenantOf(request), request.params.uuid, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/my-certifications',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: 'The certifications I need and where each stands: expired and missing first',
        response: { 200: MyCertificationListSchema, ...errors },
      },
    },
    (request) => my.mine(tenantOf(request)),
  );
  app.post(
    '/api/my-certifications/:uuid/records',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary:
          'Upload my own certificate of a type I need (multipart: issuedOn, expiresOn?, file — PDF, PNG or JPEG ≤ 2 MB, checked by its content); it counts once an admin approves it',
        consumes: ['multipart/form-data'],
        params: CertificationTypeParamsSchema,
        response: { 201: CertificationSubmissionSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const { fields, file } = await recordForm(request);
      const saved = await submissions.submit(tenantOf(request), {
        id: request.params.uuid,
        ...(fields as { issuedOn: string; expiresOn?: string }),
        file,
      });
      return reply.status(201).send(saved);
    },
  );
  app.get(
    '/api/my-certifications/records/:uuid/evidence',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: 'The evidence file of one of my certification records, as a download',
        params: CertificationRecordParamsSchema,
        produces: ['application/pdf', 'image/png', 'image/jpeg'],
        response: { 200: z.unknown().describe('application/pdf, image/png or image/jpeg'), ...errors },
      },
    },
    async (request, reply) => sendEvidence(reply, await my.myEvidence(tenantOf(request), request.params.uuid)),
  );
};
export default certificationsRoutes;
