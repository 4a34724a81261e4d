import { DashboardSummarySchema } from '@wac/shared/schemas/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errors } from '../members/members.routes';
import { summary } from './dashboard.repository';

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
    (request) => {
      const company = request.company;
      if (!company) throw new AppError('NOT_FOUND');
      return app.db.scoped(request.scope, (tx) => summary(tx, company.id));
    },
  );
};
export default dashboardRoutes;
