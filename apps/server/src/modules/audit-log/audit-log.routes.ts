import { AuditLogExportQuerySchema, AuditLogPageSchema, AuditLogQuerySchema } from '@wac/shared/schemas/audit-log';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvStream, sendCsv } from '../../lib/csv-export';
import { batches, iso, keysetOf } from '../../lib/sql';
import { errors } from '../members/members.routes';
import { hostCtx } from '../members/members.service';
import * as repo from './audit-log.repository';

const toEntry = (r: repo.AuditRow) => ({
  uuid: r.id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  actor: r.actor_user_id
    ? {
        uuid: r.actor_user_id,
        email: r.actor_email ?? '',
        firstName: r.actor_first_name ?? '',
        lastName: r.actor_last_name ?? '',
      }
    : null,
  before: r.before,
  after: r.after,
  ip: r.ip,
  userAgent: r.user_agent,
  createdAt: iso(r.created_at)!,
});

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
    async (request) => {
      const ctx = hostCtx(app, request);
      const q = request.query;
      const { data, totalItems } = await ctx.run((tx) => repo.list(tx, ctx.companyId, q, q.page, q.itemsPerPage));
      return { data: data.map(toEntry), page: q.page, itemsPerPage: q.itemsPerPage, totalItems };
    },
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
    (request, reply) => {
      const ctx = hostCtx(app, request);
      const f = request.query;
      const all = batches(
        (cursor: repo.AuditCursor | null, limit) => ctx.run((tx) => repo.batch(tx, ctx.companyId, f, cursor, limit)),
        keysetOf,
      );
      const header = ['createdAt', 'action', 'targetType', 'targetId', 'actorEmail', 'ip', 'before', 'after'];
      return sendCsv(
        reply,
        'audit-log.csv',
        csvStream(header, all, (r) => [
          iso(r.created_at),
          r.action,
          r.target_type,
          r.target_id,
          r.actor_email,
          r.ip,
          r.before === null ? '' : JSON.stringify(r.before),
          r.after === null ? '' : JSON.stringify(r.after),
        ]),
      );
    },
  );
};
export default auditLogRoutes;
