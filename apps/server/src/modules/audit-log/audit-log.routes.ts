import {
  AuditLogExportQuerySchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  AuditVerifySchema,
} from '@wac/shared/schemas/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './audit-log.service';
import { verifyChain } from './verify.service';

/** The audit log of the Host's company (compliance area, company admins). */
const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  app.get(
    '/api/audit-log',
    {
      preHandler: app.authorize('read', 'compliance'),
      schema: {
        tags: ['audit-log'],
        security,
        summary: 'Audit log entries, newest first, filtered by action, actor, date range',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );

  app.get(
    '/api/audit-log/export.csv',
    {
      preHandler: app.authorize('read', 'compliance'),
      schema: {
        tags: ['audit-log'],
        security,
        summary: 'The filtered audit log as CSV, streamed',
        querystring: AuditLogExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    (request, reply) => sendCsv(reply, 'audit-log.csv', service.exportEntries(tenantOf(request), request.query)),
  );

  app.get(
    '/api/audit-log/verify',
    {
      preHandler: app.authorize('read', 'compliance'),
      schema: {
        tags: ['audit-log'],
        security,
        summary: "Verify the company's tamper-evident audit chain: intact, or the first row where it breaks",
        response: { 200: AuditVerifySchema, ...errors },
      },
    },
    (request) => verifyChain(tenantOf(request)),
  );
};
export default auditLogRoutes;
