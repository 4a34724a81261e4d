import {
  CompanyPageCreateSchema,
  CompanyPageListQuerySchema,
  CompanyPagePageSchema,
  CompanyPageParamsSchema,
  CompanyPageSchema,
  CompanyPageUpdateSchema,
  ReceivedMessageListQuerySchema,
  ReceivedMessagePageSchema,
} from '@wac/shared/schemas/company-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './company-pages.service';

const tags = ['company-pages'];
const security = [{ bearer: [] }];

/** Company pages of the Host's company: every member reads them, its admins write them. */
const companyPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'dashboard');
  const write = app.authorize('write', 'dashboard');

  app.get(
    '/api/page-messages',
    {
      preHandler: app.authorize('read', 'default'),
      schema: {
        tags,
        security,
        summary: 'Messages visitors sent me from the company pages, newest first',
        querystring: ReceivedMessageListQuerySchema,
        response: { 200: ReceivedMessagePageSchema, ...errors },
      },
    },
    (request) => service.receivedMessages(tenantOf(request), request.query),
  );
  app.get(
    '/api/company-pages',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Company pages: paged, searched, sorted',
        querystring: CompanyPageListQuerySchema,
        response: { 200: CompanyPagePageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/company-pages',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a company page',
        body: CompanyPageCreateSchema,
        response: { 201: CompanyPageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/company-pages/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One company page',
        params: CompanyPageParamsSchema,
        response: { 200: CompanyPageSchema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/company-pages/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Edit a company page (optimistic version)',
        params: CompanyPageParamsSchema,
        body: CompanyPageUpdateSchema,
        response: { 200: CompanyPageSchema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/company-pages/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a company page',
        params: CompanyPageParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
};
export default companyPagesRoutes;
