import {
  TimeOffTypeCreateSchema,
  TimeOffTypeListQuerySchema,
  TimeOffTypePageSchema,
  TimeOffTypeParamsSchema,
  TimeOffTypeSchema,
  TimeOffTypeUpdateSchema,
} from '@wac/shared/schemas/time-off-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './time-off-types.service';

const tags = ['time-off-types'];
const security = [{ bearer: [] }];

/** Time off types of the Host's company: every member reads them, its admins (peopleHR) write them. */
const timeOffTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'default');
  const write = app.authorize('write', 'peopleHR');

  app.get(
    '/api/time-off-types',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Time off types: paged, searched, sorted',
        querystring: TimeOffTypeListQuerySchema,
        response: { 200: TimeOffTypePageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/time-off-types',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a time off type',
        body: TimeOffTypeCreateSchema,
        response: { 201: TimeOffTypeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/time-off-types/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One time off type',
        params: TimeOffTypeParamsSchema,
        response: { 200: TimeOffTypeSchema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/time-off-types/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Edit a time off type (optimistic version)',
        params: TimeOffTypeParamsSchema,
        body: TimeOffTypeUpdateSchema,
        response: { 200: TimeOffTypeSchema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/time-off-types/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a time off type',
        params: TimeOffTypeParamsSchema,
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
export default timeOffTypesRoutes;
