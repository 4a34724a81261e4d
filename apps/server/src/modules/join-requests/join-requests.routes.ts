import {
  JoinRequestCreateSchema,
  JoinRequestDecisionSchema,
  JoinRequestListQuerySchema,
  JoinRequestPageSchema,
  JoinRequestParamsSchema,
  JoinRequestSchema,
} from '@wac/shared/schemas/join-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { ctxOf, tenantOf } from '../../plugins/context';
import * as service from './join-requests.service';

const tags = ['join-requests'];
const security = [{ bearer: [] }];

const joinRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/join-requests',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Ask to join a company by its sub-domain (any signed-in user, from any host)',
        body: JoinRequestCreateSchema,
        response: { 201: JoinRequestSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(ctxOf(request), request.body)),
  );
  app.get(
    '/api/join-requests/mine',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in user's own join requests and their outcome",
        querystring: JoinRequestListQuerySchema.omit({ status: true }),
        response: { 200: JoinRequestPageSchema, ...errors },
      },
    },
    (request) => service.mine(ctxOf(request), request.query),
  );
  app.get(
    '/api/join-requests',
    {
      preHandler: app.authorize('read', 'user'),
      schema: {
        tags,
        security,
        summary: "The company's join requests (pending by default)",
        querystring: JoinRequestListQuerySchema,
        response: { 200: JoinRequestPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/join-requests/:uuid/respond',
    {
      preHandler: app.authorize('write', 'user'),
      schema: {
        tags,
        security,
        summary: 'Accept (the membership is created) or decline a join request',
        params: JoinRequestParamsSchema,
        body: JoinRequestDecisionSchema,
        response: { 200: JoinRequestSchema, ...errors },
      },
    },
    (request) => service.respond(tenantOf(request), { id: request.params.uuid, decision: request.body.decision }),
  );
  app.post(
    '/api/join-requests/:uuid/withdraw',
    {
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Withdraw one of the signed-in user’s own pending join requests',
        params: JoinRequestParamsSchema,
        response: { 200: JoinRequestSchema, ...errors },
      },
    },
    (request) => service.withdraw(ctxOf(request), request.params.uuid),
  );
};
export default joinRequestsRoutes;
