import {
  BookmarkCreateSchema,
  BookmarkListSchema,
  BookmarkParamsSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '@wac/shared/schemas/search';
import { UuidSchema } from '@wac/shared/schemas/common';
import { SEARCH_KINDS } from '@wac/shared/schemas/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './search.service';

const tags = ['search'];
const security = [{ bearer: [] }];

/** The navbar search and its bookmarks: every active member, each seeing what their permissions allow. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = app.authorize('read', 'default');

  app.get(
    '/api/search',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "The company's members, teams, departments and pages matching a query, grouped, a few per group",
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, ...errors },
      },
    },
    (request) => service.search(tenantOf(request), { q: request.query.q, ability: request.ability }),
  );
  app.get(
    '/api/bookmarks',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'My bookmarks in this company, with what they point at now',
        response: { 200: BookmarkListSchema, ...errors },
      },
    },
    (request) => service.bookmarks(tenantOf(request), request.ability),
  );
  app.post(
    '/api/bookmarks',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Bookmark a screen or something I may see (twice is once)',
        body: BookmarkCreateSchema,
        response: {
          201: z.object({ uuid: UuidSchema, kind: z.enum(SEARCH_KINDS), target: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addBookmark(tenantOf(request), { ...request.body, ability: request.ability })),
  );
  app.delete(
    '/api/bookmarks/:uuid',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Remove one of my bookmarks',
        params: BookmarkParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeBookmark(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );
};
export default searchRoutes;
