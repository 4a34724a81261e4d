import { DashboardSummarySchema } from '@wac/shared/schemas/dashboard';
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
        summary: "Counts for the shell's dashboard (any enabled member of the Host's company)",
        response: { 200: DashboardSummarySchema, ...errors },
      },
    },
    (request) => service.summary(tenantOf(request)),
  );
};
export default dashboardRoutes;
