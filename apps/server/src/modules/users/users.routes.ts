import { ApiErrorSchema } from '@wac/shared/schemas/common';
import { CompanyProfilePageSchema, ProfilesQuerySchema, UserParamsSchema, UserSchema } from '@wac/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './users.service';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:uuid',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'A user (self, or anyone for a super admin)',
        security: [{ bearer: [] }],
        params: UserParamsSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    (request) => service.getUser(app, request, request.params.uuid),
  );

  app.get(
    '/api/users/:uuid/user_company_profiles',
    {
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
    (request) => service.getProfiles(app, request, request.params.uuid, request.query.page, request.query.itemsPerPage),
  );
};
export default usersRoutes;
