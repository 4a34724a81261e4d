import { StatsAnswerSchema, StatsQuerySchema } from '@wac/shared/schemas/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as policySeries from './policy-series.service';
import * as service from './stats.service';

const tags = ['stats'];
const security = [{ bearer: [] }];

/** The Stats screen: KPIs with their change against the previous period, and the charts' series. */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register<policySeries.PolicySeriesJob['payload'], Record<string, unknown>>({
    type: policySeries.POLICY_SERIES_JOB,
    run: (job) => policySeries.runPolicySeriesJob(app, job),
  });
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
