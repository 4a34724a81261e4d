import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Decorates the app with its metrics and times every answered request by its route pattern. */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'metrics',
      createMetrics({ db: app.db, sockets: () => app.sockets.stats().sockets, jobDepth: () => app.jobs.depth() }),
    );
    app.addHook('onResponse', async (request, reply) => {
      // The pattern (`/api/members/:uuid`), never the raw path: bounded label values.
      const route = request.routeOptions.url ?? 'unmatched';
      app.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);
