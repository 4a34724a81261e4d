import { StatsAnswerSchema, StatsQuerySchema } from '@wac/shared/schemas/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './stats.service';

const tags = ['stats'];
const security = [{ bearer: [] }];

/** The Stats screen: KPIs with their change against the previous period, and the charts' series. */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats',
    {
      preHandler: app.authorize('read', 'stats'),
      schema: {
        tags,
        security,
        summary:
          'KPIs of a range (optionally of a team and/or a department) against the previous period, and chart series',
        querystring: StatsQuerySchema,
        response: { 200: StatsAnswerSchema, ...errors },
      },
    },
    (request) => service.stats(tenantOf(request), request.query),
  );
};

export default statsRoutes;
