import type { Action } from '@wac/shared/permissions';
import {
  CompanyCreatedSchema,
  CompanyCreateSchema,
  CompanyExportQuerySchema,
  CompanyListQuerySchema,
  CompanyMemberAddSchema,
  CompanyMemberParamsSchema,
  CompanyPageSchema,
  CompanyParamsSchema,
  CompanySchema,
  CompanyUpdateSchema,
  PlatformStatsSchema,
} from '@wac/shared/schemas/companies';
import {
  MemberExportQuerySchema,
  MemberListQuerySchema,
  MemberPageSchema,
  MemberSchema,
  MemberUpdateSchema,
  MessageSchema,
} from '@wac/shared/schemas/members';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { AppError } from '../../lib/errors';
import { forCompany } from '../../lib/context';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { readUpload, uploadedFile } from '../../lib/images';
import { ctxOf } from '../../plugins/context';
import * as members from '../members/members.service';
import * as service from './companies.service';
import { platformStats } from './platform-stats.service';

const tags = ['companies'];
const security = [{ bearer: [] }];
const errs = { ...errors, 413: errors[400], 415: errors[400] };

/**
 * The platform (super admin). Works on any host, including the bare base domain: reading needs
 * super_admin, writing super_admin_write, both through the shared rules on subject 'companies'.
 */
const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Platform routes act on no Host company: a base-domain session (the super admin's) may use them.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, baseDomainSession: true };
  });
  const can = (action: Action) => async (request: FastifyRequest) => {
    if (!request.principal) throw new AppError('UNAUTHENTICATED');
    if (!request.ability.can(action, 'companies')) throw new AppError('FORBIDDEN');
  };
  const read = can('read');
  const write = can('write');
  /** A company's members, from the platform; the company must exist (404 otherwise). */
  const ctxFor = async (request: FastifyRequest, id: string) => {
    const ctx = ctxOf(request);
    await service.assertExists(ctx, id);
    return forCompany(ctx, id);
  };

  app.get(
    '/api/companies/stats',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Platform figures: companies, active members, sign-ups by week, trials ending in 7 days (super admin)',
        response: { 200: PlatformStatsSchema, ...errors },
      },
    },
    (request) => platformStats(ctxOf(request)),
  );

  app.get(
    '/api/companies',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'All companies: paged, searched, sorted, filtered',
        querystring: CompanyListQuerySchema,
        response: { 200: CompanyPageSchema, ...errs },
      },
    },
    (request) => service.list(ctxOf(request), request.query),
  );
  app.get(
    '/api/companies/export.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'All companies of the filtered list as CSV, streamed',
        querystring: CompanyExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errs },
      },
    },
    (request, reply) => sendCsv(reply, 'companies.csv', service.exportCompanies(ctxOf(request), request.query)),
  );
  app.post(
    '/api/companies',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a company with its first admin',
        body: CompanyCreateSchema,
        response: { 201: CompanyCreatedSchema, ...errs },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(ctxOf(request), request.body)),
  );
  app.get(
    '/api/companies/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'A company',
        params: CompanyParamsSchema,
        response: { 200: CompanySchema, ...errs },
      },
    },
    (request) => service.get(ctxOf(request), request.params.uuid),
  );
  app.patch(
    '/api/companies/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Edit, enable or disable a company (optimistic version)',
        params: CompanyParamsSchema,
        body: CompanyUpdateSchema,
        response: { 200: CompanySchema, ...errs },
      },
    },
    (request) => service.update(ctxOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.post(
    '/api/companies/:uuid/logo',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Upload the logo (multipart field "file": PNG, JPEG or WebP, ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        params: CompanyParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 200: CompanySchema, ...errs },
      },
    },
    async (request) => {
      const bytes = await readUpload(await uploadedFile(request));
      return service.uploadLogo(ctxOf(request), {
        id: request.params.uuid,
        bytes,
        version: request.query.version ?? null,
      });
    },
  );

  app.get(
    '/api/companies/:uuid/users',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A company's users (same query as /api/members)",
        params: CompanyParamsSchema,
        querystring: MemberListQuerySchema,
        response: { 200: MemberPageSchema, ...errs },
      },
    },
    async (request) => members.listMembers(await ctxFor(request, request.params.uuid), request.query),
  );
  app.get(
    '/api/companies/:uuid/users/export.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A company's users as CSV, streamed (same query and columns as /api/members/export.csv)",
        params: CompanyParamsSchema,
        querystring: MemberExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errs },
      },
    },
    async (request, reply) => {
      // Read before the stream starts, so an unknown company is a 404, not an empty file.
      const platform = ctxOf(request);
      const company = await service.get(platform, request.params.uuid);
      const ctx = forCompany(platform, company.uuid);
      return sendCsv(
        reply,
        `${company.subDomain}-users.csv`,
        await members.exportMembers(ctx, request.query, {
          // The platform reads a company's users, never their employee records.
          records: false,
        }),
      );
    },
  );
  app.get(
    '/api/companies/:uuid/admins',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A company's admins",
        params: CompanyParamsSchema,
        querystring: MemberListQuerySchema.omit({ role: true }),
        response: { 200: MemberPageSchema, ...errs },
      },
    },
    async (request) =>
      members.listMembers(await ctxFor(request, request.params.uuid), { ...request.query, role: 'admin' }),
  );
  app.post(
    '/api/companies/:uuid/users',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          'Add a user by email: a person with an account joins at once; an unknown email is refused (UNKNOWN_EMAIL), or invited with `invite: true`',
        params: CompanyParamsSchema,
        body: CompanyMemberAddSchema,
        response: { 201: z.object({ invited: z.boolean(), userUuid: z.string().nullable() }), ...errs },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      await service.assertExists(ctx, request.params.uuid);
      return reply.status(201).send(await service.addUser(ctx, { companyId: request.params.uuid, ...request.body }));
    },
  );
  app.get(
    '/api/companies/:uuid/users/:userUuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A company's user",
        params: CompanyMemberParamsSchema,
        response: { 200: MemberSchema, ...errs },
      },
    },
    async (request) =>
      members.getMember(await ctxFor(request, request.params.uuid), request.params.userUuid, { asAdmin: true }),
  );
  app.patch(
    '/api/companies/:uuid/users/:userUuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Change a company user's roles, enabled flag, toggles",
        params: CompanyMemberParamsSchema,
        body: MemberUpdateSchema,
        response: { 200: MemberSchema, ...errs },
      },
    },
    async (request) =>
      members.updateMember(await ctxFor(request, request.params.uuid), {
        userId: request.params.userUuid,
        ...request.body,
      }),
  );
  app.delete(
    '/api/companies/:uuid/users/:userUuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Remove a user from a company',
        params: CompanyMemberParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errs },
      },
    },
    async (request, reply) => {
      const ctx = await ctxFor(request, request.params.uuid);
      await members.removeMember(ctx, { userId: request.params.userUuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/companies/:uuid/users/:userUuid/sessions/revoke',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          "End all of a user's sessions in this company (those opened on its host); their other companies' go on",
        params: CompanyMemberParamsSchema,
        response: { 200: MessageSchema, ...errs },
      },
    },
    async (request) =>
      members.revokeMemberSessions(await ctxFor(request, request.params.uuid), {
        userId: request.params.userUuid,
        allCompanies: false,
      }),
  );
};
export default companiesRoutes;
