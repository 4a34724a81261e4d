import {
  MyPolicyDetailSchema,
  MyPolicyListSchema,
  PolicyAcknowledgementSchema,
  PolicyAcknowledgeSchema,
  PolicyArchiveSchema,
  PolicyCreateSchema,
  PolicyDetailSchema,
  PolicyDraftTextSchema,
  PolicyEvidenceManifestSchema,
  PolicyEvidenceQuerySchema,
  PolicyListQuerySchema,
  PolicyPageSchema,
  PolicyParamsSchema,
  PolicyPublishSchema,
  PolicySchema,
  PolicyTrackingExportQuerySchema,
  PolicyTrackingPageSchema,
  PolicyTrackingQuerySchema,
  PolicyUpdateSchema,
  PolicyVersionParamsSchema,
  PolicyVersionSchema,
} from '@wac/shared/schemas/policies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { errorResponses, errors } from '../../lib/http';
import { readUpload, uploadedFile } from '../../lib/images';
import { tenantOf } from '../../plugins/context';
import * as acks from './acknowledgements.service';
import * as evidence from './evidence.service';
import * as service from './policies.service';
import * as reminders from './reminders.service';
import * as tracking from './tracking.service';

const tags = ['policies'];
const security = [{ bearer: [] }];

/**
 * A stored PDF as a download the browser never renders or sniffs in the console's origin, named as
 * a .pdf (a version stored before names were made so keeps its bytes and gets a safe name).
 */
const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; name: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', file.pdf.length)
    .header('content-disposition', `attachment; filename="${service.pdfFileName(file.name)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(file.pdf);

/**
 * Policies of the Host's company. Managing them is the `compliance` subject (company admins);
 * reading and acknowledging one's own is every member's self-service (`default`).
 */
const policiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'compliance');
  const write = app.authorize('write', 'compliance');
  const self = app.authorize('read', 'default');

  app.jobs.register<Record<string, unknown>, Record<string, unknown>>({
    type: reminders.POLICY_REMINDER_SCAN,
    run: (job) => reminders.runReminderScan(app, job),
  });
  app.jobs.register<reminders.ReminderMailJob['payload'], Record<string, unknown>>({
    type: reminders.POLICY_REMINDER_MAIL,
    run: (job) => reminders.runReminderMail(app, job),
  });
  app.jobs.recurring({ type: reminders.POLICY_REMINDER_SCAN, cron: reminders.REMINDER_CRON, perCompany: true });
  app.jobs.register<Record<string, unknown>, Record<string, unknown>>({
    type: tracking.EMPLOYMENT_ENDED_JOB,
    run: (job) => tracking.runEmploymentEnded(app, job),
  });
  app.jobs.recurring({
    type: tracking.EMPLOYMENT_ENDED_JOB,
    cron: tracking.EMPLOYMENT_ENDED_CRON,
    perCompany: true,
  });

  app.get(
    '/api/policies',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Policies: paged, searched, sorted, filtered by status',
        querystring: PolicyListQuerySchema,
        response: { 200: PolicyPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/policies',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a policy (with an empty draft as version 1)',
        body: PolicyCreateSchema,
        response: { 201: PolicySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/policies/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One policy with its versions',
        params: PolicyParamsSchema,
        response: { 200: PolicyDetailSchema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/policies/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Change a policy: title, category, owner, audience, due days',
        params: PolicyParamsSchema,
        body: PolicyUpdateSchema,
        response: { 200: PolicySchema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.post(
    '/api/policies/:uuid/archive',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Archive a policy (its versions and acknowledgements are kept)',
        params: PolicyParamsSchema,
        body: PolicyArchiveSchema,
        response: { 200: PolicySchema, ...errors },
      },
    },
    (request) => service.archive(tenantOf(request), { id: request.params.uuid, version: request.body.version }),
  );
  app.put(
    '/api/policies/:uuid/draft',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Set the draft to rich text (sanitised; scripts, event handlers, unsafe links refused)',
        params: PolicyParamsSchema,
        body: PolicyDraftTextSchema,
        response: { 200: PolicyVersionSchema, ...errors },
      },
    },
    (request) => service.setDraftText(tenantOf(request), { id: request.params.uuid, html: request.body.html }),
  );
  app.put(
    '/api/policies/:uuid/draft/pdf',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Set the draft to a PDF (multipart field "file", ≤ 2 MB, checked by its content)',
        consumes: ['multipart/form-data'],
        params: PolicyParamsSchema,
        response: { 200: PolicyVersionSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const file = await uploadedFile(request);
      const bytes = await readUpload(file);
      return service.setDraftPdf(tenantOf(request), { id: request.params.uuid, bytes, name: file?.filename ?? '' });
    },
  );
  app.post(
    '/api/policies/:uuid/publish',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Publish the draft as a new, frozen version; requiresAck makes everyone outstanding again',
        params: PolicyParamsSchema,
        body: PolicyPublishSchema,
        response: { 200: PolicySchema, ...errors },
      },
    },
    (request) => service.publish(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.get(
    '/api/policies/:uuid/versions/:versionUuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One version of a policy with its text',
        params: PolicyVersionParamsSchema,
        response: { 200: PolicyVersionSchema, ...errors },
      },
    },
    (request) =>
      service.getVersion(tenantOf(request), { id: request.params.uuid, versionId: request.params.versionUuid }),
  );
  app.get(
    '/api/policies/:uuid/versions/:versionUuid/pdf',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A version's PDF, as a download",
        params: PolicyVersionParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.versionPdf(tenantOf(request), { id: request.params.uuid, versionId: request.params.versionUuid }),
      ),
  );
  app.get(
    '/api/policies/:uuid/tracking',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Who is assigned the policy and where each stands, with completion figures',
        params: PolicyParamsSchema,
        querystring: PolicyTrackingQuerySchema,
        response: { 200: PolicyTrackingPageSchema, ...errors },
      },
    },
    (request) => tracking.tracking(tenantOf(request), { id: request.params.uuid, ...request.query }),
  );
  app.get(
    '/api/policies/:uuid/tracking/export.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'The filtered tracking list as CSV, streamed',
        params: PolicyParamsSchema,
        querystring: PolicyTrackingExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'policy-tracking.csv',
        await tracking.exportTracking(tenantOf(request), { id: request.params.uuid, ...request.query }),
      ),
  );

  app.get(
    '/api/policies/:uuid/evidence.json',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary:
          'Evidence manifest: versions with their hashes, acknowledgement counts, the audit trail with chain hashes',
        params: PolicyParamsSchema,
        querystring: PolicyEvidenceQuerySchema,
        response: { 200: PolicyEvidenceManifestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await evidence.manifest(tenantOf(request), { id: request.params.uuid, ...request.query });
      return reply.header('content-disposition', 'attachment; filename="policy-evidence.json"').send(body);
    },
  );
  app.get(
    '/api/policies/:uuid/evidence/acknowledgements.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Every acknowledgement of the policy in the range as CSV, streamed',
        params: PolicyParamsSchema,
        querystring: PolicyEvidenceQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'policy-acknowledgements.csv',
        await evidence.acknowledgementsCsv(tenantOf(request), { id: request.params.uuid, ...request.query }),
      ),
  );

  app.get(
    '/api/my-policies',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: 'The policies I must read: outstanding and overdue first',
        response: { 200: MyPolicyListSchema, ...errors },
      },
    },
    (request) => acks.mine(tenantOf(request)),
  );
  app.get(
    '/api/my-policies/:uuid',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: 'The current version of one of my policies, with the hash of its content',
        params: PolicyParamsSchema,
        response: { 200: MyPolicyDetailSchema, ...errors },
      },
    },
    (request) => acks.myPolicy(tenantOf(request), request.params.uuid),
  );
  app.get(
    '/api/my-policies/:uuid/pdf',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: "The current version's PDF of one of my policies, as a download",
        params: PolicyParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => sendPdf(reply, await acks.myPolicyPdf(tenantOf(request), request.params.uuid)),
  );
  app.post(
    '/api/my-policies/:uuid/acknowledge',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: 'I acknowledge the current version (the hash of the content I was shown)',
        params: PolicyParamsSchema,
        body: PolicyAcknowledgeSchema,
        response: { 201: PolicyAcknowledgementSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await acks.acknowledge(tenantOf(request), { id: request.params.uuid, ...request.body })),
  );
};
export default policiesRoutes;
