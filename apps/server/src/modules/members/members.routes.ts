import { IMPORT_MAX_FILE_BYTES } from '@wac/shared/constants';
import { ApiErrorSchema } from '@wac/shared/schemas/common';
import {
  MemberBulkResultSchema,
  MemberBulkSchema,
  MemberExportQuerySchema,
  MemberImportParamsSchema,
  MemberImportProgressSchema,
  MemberImportResultSchema,
  MemberListQuerySchema,
  MemberPageSchema,
  MemberParamsSchema,
  MemberSchema,
  MemberSessionParamsSchema,
  MemberSessionsSchema,
  MemberTeamsSchema,
  MemberUpdateSchema,
  MessageSchema,
} from '@wac/shared/schemas/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { readUpload, uploadedFile } from '../../lib/images';
import { tenantOf } from '../../plugins/context';
import { importMembers, importProgress, importTemplate } from './members-import.service';
import * as service from './members.service';

const security = [{ bearer: [] }];
const tags = ['members'];

/** The company admin's members (memberships of the Host's company joined with their users). */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A members route: the shared permission rule for `action` on users, its OpenAPI tags and security. */
  const route = <S extends object>(action: 'read' | 'write', summary: string, schema: S) => ({
    preHandler: app.authorize(action, 'user'),
    schema: { tags, security, summary, ...schema },
  });

  app.get(
    '/api/members',
    route('read', "The company's members: paged, searched, sorted, filtered", {
      querystring: MemberListQuerySchema,
      response: { 200: MemberPageSchema, ...errors },
    }),
    (request) => service.listMembers(tenantOf(request), request.query),
  );

  app.get(
    '/api/members/export.csv',
    route('read', 'The full filtered member list as CSV, streamed', {
      querystring: MemberExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.unknown().describe('text/csv'), ...errors },
    }),
    async (request, reply) =>
      sendCsv(
        reply,
        'members.csv',
        await service.exportMembers(tenantOf(request), request.query, {
          records: request.ability.can('read', 'peopleHR'),
        }),
      ),
  );

  app.post(
    '/api/members/bulk',
    route('write', 'One action on a selection of members, with a result per member', {
      body: MemberBulkSchema,
      response: { 200: MemberBulkResultSchema, ...errors },
    }),
    (request) => service.bulk(tenantOf(request), request.body),
  );

  for (const commit of [false, true]) {
    app.post(
      commit ? '/api/members/import' : '/api/members/import/preview',
      {
        preHandler: app.authorize('write', 'user'),
        schema: {
          tags,
          security,
          summary: commit
            ? "Import members from CSV (email, firstName, lastName, role or roles, employee record columns; up to 100,000 rows and 32 MB): new people are invited (their mails sent as jobs), existing members' records updated; the answer counts every row and lists the bad ones"
            : 'Check a members CSV (up to 100,000 rows and 32 MB): counts of what a commit would do and the bad rows, nothing written',
          consumes: ['multipart/form-data'],
          response: { 200: MemberImportResultSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
        },
      },
      async (request) => {
        const ctx = tenantOf(request);
        const file = await uploadedFile(request, IMPORT_MAX_FILE_BYTES);
        const bytes = await readUpload(file, IMPORT_MAX_FILE_BYTES, 'IMPORT_FILE_TOO_LARGE');
        const result = await importMembers(ctx, { bytes, commit, records: request.ability.can('write', 'peopleHR') });
        if (result.batchId) app.jobs.wake();
        return result;
      },
    );
  }

  app.get(
    '/api/members/import/:uuid/progress',
    route('write', "An import's invitation mails: sent, failed and pending, counted from their jobs", {
      params: MemberImportParamsSchema,
      response: { 200: MemberImportProgressSchema, ...errors },
    }),
    (request) => importProgress(tenantOf(request), request.params.uuid),
  );

  app.get(
    '/api/members/import/template.csv',
    {
      preHandler: app.authorize('write', 'user'),
      schema: {
        tags,
        security,
        summary: 'The header row of a members CSV import (membership, employee record and custom field columns)',
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="members-template.csv"')
        .header('cache-control', 'no-store')
        .send(await importTemplate(tenantOf(request), { records: request.ability.can('write', 'peopleHR') })),
  );

  app.get(
    '/api/members/:uuid',
    route('read', 'A member', { params: MemberParamsSchema, response: { 200: MemberSchema, ...errors } }),
    (request) => service.getMember(tenantOf(request), request.params.uuid, { asAdmin: true }),
  );

  app.patch(
    '/api/members/:uuid',
    route('write', 'Change roles, enabled flag, product toggles (optimistic version)', {
      params: MemberParamsSchema,
      body: MemberUpdateSchema,
      response: { 200: MemberSchema, ...errors },
    }),
    (request) => service.updateMember(tenantOf(request), { userId: request.params.uuid, ...request.body }),
  );

  app.delete(
    '/api/members/:uuid',
    route('write', 'Remove a member from the company', {
      params: MemberParamsSchema,
      querystring: DeleteQuerySchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await service.removeMember(tenantOf(request), {
        userId: request.params.uuid,
        version: request.query.version ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/members/:uuid/teams',
    route('read', "A member's teams", { params: MemberParamsSchema, response: { 200: MemberTeamsSchema, ...errors } }),
    (request) => service.memberTeams(tenantOf(request), request.params.uuid),
  );

  app.get(
    '/api/members/:uuid/sessions',
    route('write', "A member's active sessions on this company", {
      params: MemberParamsSchema,
      response: { 200: MemberSessionsSchema, ...errors },
    }),
    (request) => service.memberSessions(tenantOf(request), { userId: request.params.uuid }),
  );

  app.post(
    '/api/members/:uuid/sessions/revoke',
    route('write', "End a member's sessions on this company", {
      params: MemberParamsSchema,
      response: { 200: MessageSchema, ...errors },
    }),
    (request) => service.revokeMemberSessions(tenantOf(request), { userId: request.params.uuid }),
  );

  app.post(
    '/api/members/:uuid/sessions/:sessionUuid/revoke',
    route('write', "End one of a member's sessions on this company", {
      params: MemberSessionParamsSchema,
      response: { 200: MessageSchema, ...errors },
    }),
    (request) =>
      service.revokeMemberSession(tenantOf(request), {
        userId: request.params.uuid,
        sessionId: request.params.sessionUuid,
      }),
  );
};
export default membersRoutes;
