import {
  TeamCreateSchema,
  TeamExportQuerySchema,
  TeamListQuerySchema,
  TeamMemberPageSchema,
  TeamMemberParamsSchema,
  TeamMemberQuerySchema,
  TeamMembersAddSchema,
  TeamPageSchema,
  TeamParamsSchema,
  TeamSchema,
  TeamUpdateSchema,
} from '@wac/shared/schemas/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './teams.service';

const tags = ['teams'];
const security = [{ bearer: [] }];

const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'team');
  const write = app.authorize('write', 'team');

  app.get(
    '/api/teams',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Teams: paged, searched, sorted',
        querystring: TeamListQuerySchema,
        response: { 200: TeamPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.get(
    '/api/teams/export.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'The full filtered team list as CSV, streamed',
        querystring: TeamExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    (request, reply) => sendCsv(reply, 'teams.csv', service.exportTeams(tenantOf(request), request.query)),
  );
  app.post(
    '/api/teams',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a team',
        body: TeamCreateSchema,
        response: { 201: TeamSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/teams/:uuid',
    {
      preHandler: read,
      schema: { tags, security, summary: 'A team', params: TeamParamsSchema, response: { 200: TeamSchema, ...errors } },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/teams/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Rename, describe, choose the lead (optimistic version)',
        params: TeamParamsSchema,
        body: TeamUpdateSchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/teams/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a team',
        params: TeamParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/teams/:uuid/members',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A team's members, paged",
        params: TeamParamsSchema,
        querystring: TeamMemberQuerySchema,
        response: { 200: TeamMemberPageSchema, ...errors },
      },
    },
    (request) => service.members(tenantOf(request), { id: request.params.uuid, ...request.query }),
  );
  app.post(
    '/api/teams/:uuid/members',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Add company members to a team',
        params: TeamParamsSchema,
        body: TeamMembersAddSchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    (request) => service.addMembers(tenantOf(request), { id: request.params.uuid, userIds: request.body.uuids }),
  );
  app.delete(
    '/api/teams/:uuid/members/:userUuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Remove a member from a team',
        params: TeamMemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.removeMember(tenantOf(request), { id: request.params.uuid, userId: request.params.userUuid });
      return reply.status(204).send(null);
    },
  );
};
export default teamsRoutes;
