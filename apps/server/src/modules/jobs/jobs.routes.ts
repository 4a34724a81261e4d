import { JobListQuerySchema, JobPageSchema, JobParamsSchema, JobSchema } from '@wac/shared/schemas/jobs';
import type { Action } from '@wac/shared/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { errors } from '../../lib/http';
import { ctxOf } from '../../plugins/context';
import * as service from './jobs.service';

const tags = ['jobs'];
const security = [{ bearer: [] }];

/** The platform's background jobs (super admin): every company's, on any host. */
const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Platform routes act on no Host company: a base-domain session (the super admin's) may use them.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, baseDomainSession: true };
  });
  // On any host, the bare base domain included: the shared rules on subject 'jobs' (super admins).
  const can = (action: Action) => async (request: FastifyRequest) => {
    if (!request.principal) throw new AppError('UNAUTHENTICATED');
    if (!request.ability.can(action, 'jobs')) throw new AppError('FORBIDDEN');
  };
  app.get(
    '/api/jobs',
    {
      preHandler: can('read'),
      schema: {
        tags,
        security,
        summary: 'Background jobs, newest first, filtered by state and type; last error of each',
        querystring: JobListQuerySchema,
        response: { 200: JobPageSchema, ...errors },
      },
    },
    (request) => service.list(ctxOf(request), request.query),
  );

  app.post(
    '/api/jobs/:uuid/retry',
    {
      preHandler: can('write'),
      schema: {
        tags,
        security,
        summary: 'Runs a failed or dead job again now, with a fresh set of attempts (audited)',
        params: JobParamsSchema,
        response: { 200: JobSchema, ...errors },
      },
    },
    async (request) => {
      const job = await service.retry(ctxOf(request), request.params.uuid);
      app.jobs.wake();
      return job;
    },
  );
};
export default jobsRoutes;
