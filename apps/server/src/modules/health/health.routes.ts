import { errorMessage } from '@wac/shared/errors';
import { HealthSchema, NotReadySchema, ReadySchema } from '@wac/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http';
import { metricsAccess, parseAllowList } from '../../lib/metrics';
import { checkReadiness } from './health.service';

/** For load balancers and monitoring: liveness, readiness, Prometheus metrics. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const mayScrape = metricsAccess(parseAllowList(app.config.metrics.allow), app.config.metrics.token);

  app.get(
    '/api/health',
    {
      config: { noContext: true },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process answers (no dependency is checked)',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { noContext: true },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database, Redis (when configured) and the job runner are usable',
        response: { 200: ReadySchema, 503: NotReadySchema },
      },
    },
    async (request, reply) => {
      const { ready, checks } = await checkReadiness({
        db: app.db,
        bus: app.bus,
        jobs: app.jobs,
        jobsEnabled: app.config.jobs.enabled,
      });
      reply.header('cache-control', 'no-store');
      if (ready) return { status: 'ready' as const, checks };
      reply.header('retry-after', '5');
      return reply
        .code(503)
        .send({ code: 'NOT_READY' as const, message: errorMessage('NOT_READY', request.lang), checks });
    },
  );

  app.get(
    '/api/metrics',
    {
      config: { noContext: true },
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics; from METRICS_ALLOW addresses or with the METRICS_TOKEN bearer token',
        security: [{ bearer: [] }],
        produces: ['text/plain'],
        response: { 200: z.string().describe('Prometheus text format'), 403: errors[403] },
      },
    },
    async (request, reply) => {
      if (!mayScrape(request.ip, request.headers.authorization)) {
        return reply.code(403).send({ code: 'FORBIDDEN', message: errorMessage('FORBIDDEN', request.lang) });
      }
      reply.header('cache-control', 'no-store').type(app.metrics.contentType);
      return app.metrics.render();
    },
  );
};
export default healthRoutes;
