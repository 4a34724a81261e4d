import { ApiErrorSchema } from '@wac/shared/schemas/common';
import { CompanyProfilePageSchema, ProfilesQuerySchema, UserParamsSchema, UserSchema } from '@wac/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../plugins/context';
import * as service from './users.service';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:uuid',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A user (self, or anyone for a super admin)',
        security: [{ bearer: [] }],
        params: UserParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    (request) => service.getUser(ctxOf(request), request.params.uuid),
  );

  app.get(
    '/api/users/:uuid/user_company_profiles',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: "A user's company profiles (memberships) with roles and company",
        security: [{ bearer: [] }],
        params: UserParamsSchema,
        querystring: ProfilesQuerySchema,
        response: { 200: CompanyProfilePageSchema, ...errors },
      },
    },
    (request) => service.getProfiles(ctxOf(request), { uuid: request.params.uuid, ...request.query }),
  );
};
export default usersRoutes;
