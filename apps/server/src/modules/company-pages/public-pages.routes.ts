import {
  PublicPageParamsSchema,
  PublicPageSchema,
  PublicPersonParamsSchema,
  VisitorMessageSchema,
} from '@wac/shared/schemas/company-pages';
import { OkSchema } from '@wac/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, errors } from '../../lib/http';
import { AppError } from '../../lib/errors';
import { ctxOf } from '../../plugins/context';
import { renderPublicNotFound, renderPublicPage } from './public-page-html';
import * as service from './public-pages.service';

const tags = ['public-pages'];
/**
 * Anyone, signed in or not, on any host (the base domain included): the page names its company in
 * its path, and a visitor's stale token must not stand in the way.
 */
const config = { bearerOptional: true, baseDomainSession: true };

const publicPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register<service.PageMailJob['payload'], service.PageMailJob['secret'] & object>({
    type: service.PAGE_MAIL_JOB,
    run: (job) => service.runPageMailJob(app, job as service.PageMailJob),
  });

  app.get(
    '/api/public/pages/:company/:slug',
    {
      config,
      schema: {
        tags,
        summary: 'A published company page: its people, their presence and the buttons they allow (no sign-in)',
        params: PublicPageParamsSchema,
        response: { 200: PublicPageSchema, ...errors },
      },
    },
    (request) => service.publicPage(ctxOf(request), request.params),
  );
  app.post(
    '/api/public/pages/:company/:slug/people/:uuid/email',
    {
      config,
      schema: {
        tags,
        summary: 'Mail a person of the page (their address is never shown); limited per IP and per page',
        params: PublicPersonParamsSchema,
        body: VisitorMessageSchema,
        response: { 202: OkSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await service.sendEmail(ctxOf(request), { ...request.params, body: request.body });
      return reply.status(202).send({ ok: true });
    },
  );
  app.post(
    '/api/public/pages/:company/:slug/people/:uuid/message',
    {
      config,
      schema: {
        tags,
        summary: 'Send a person of the page a message, shown live in their console; limited per IP and per page',
        params: PublicPersonParamsSchema,
        body: VisitorMessageSchema,
        response: { 201: OkSchema, ...errors, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      await service.sendMessage(ctxOf(request), { ...request.params, body: request.body });
      return reply.status(201).send({ ok: true });
    },
  );

  // The page itself, rendered here so it reads without any script and without the console bundle.
  app.get('/admin/public/:company/:slug', { schema: { hide: true } }, async (request, reply) => {
    const params = PublicPageParamsSchema.safeParse(request.params);
    try {
      if (!params.success) throw new AppError('NOT_FOUND');
      const page = await service.publicPage(ctxOf(request), params.data);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(renderPublicPage(app.config.webDist, request.lang, page));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'NOT_FOUND') throw e;
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(renderPublicNotFound(app.config.webDist, request.lang));
    }
  });
};
export default publicPagesRoutes;
