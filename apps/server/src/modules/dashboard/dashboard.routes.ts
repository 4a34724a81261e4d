import { DashboardOverviewSchema, DashboardSummarySchema } from '@wac/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './dashboard.service';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/summary',
    {
      preHandler: app.authorize('read', 'default'),
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        summary:
          "Counts for the shell's dashboard (any enabled member of the Host's company; the waiting join requests and invitations only for who may read users, the plan and trial for who runs the company)",
        response: { 200: DashboardSummarySchema, ...errors },
      },
    },
    (request) =>
      service.summaryFor(tenantOf(request), {
        joinRequests: request.ability.can('read', 'user'),
        plan: request.ability.can('read', 'dashboard'),
      }),
  );
  app.get(
    '/api/dashboard/overview',
    {
      preHandler: app.authorize('read', 'default'),
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        summary:
          "What needs the caller's attention today: attendance counts, approvals waiting, the compliance backlog (each section only where the caller may act on it)",
        response: { 200: DashboardOverviewSchema, ...errors },
      },
    },
    (request) => {
      const can = request.ability;
      return service.overview(tenantOf(request), {
        attendance: can.can('read', 'attendance'),
        timeOffAdmin: can.can('write', 'peopleHR'),
        joinRequests: can.can('read', 'user'),
        compliance: can.can('read', 'compliance'),
      });
    },
  );
};
export default dashboardRoutes;
