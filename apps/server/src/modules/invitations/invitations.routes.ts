import {
  InvitationAcceptedSchema,
  InvitationAcceptNewSchema,
  InvitationCreateSchema,
  InvitationListQuerySchema,
  InvitationPageSchema,
  InvitationParamsSchema,
  InvitationPublicSchema,
  InvitationSchema,
  InvitationTokenParamsSchema,
} from '@wac/shared/schemas/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http';
import { ctxOf, tenantOf } from '../../plugins/context';
import * as mails from './invitation-mails.service';
import * as service from './invitations.service';

const tags = ['invitations'];
const security = [{ bearer: [] }];

const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register<mails.InvitationMailJob['payload'], { token: string }>({
    type: service.INVITATION_MAIL_JOB,
    run: (job) => mails.runInvitationMailJob(app, job),
    // An import's mails: 25 a claim, one completion statement, over the pooled SMTP connections.
    batch: { size: 25, run: (jobs) => mails.runInvitationMailBatch(app, jobs) },
  });

  app.post(
    '/api/invitations',
    {
      preHandler: app.authorize('write', 'user'),
      schema: {
        tags,
        security,
        summary: 'Invite a person by email (mailed link, valid 7 days)',
        body: InvitationCreateSchema,
        response: { 201: InvitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const inv = await service.invite(tenantOf(request), request.body);
      return reply.status(201).send(inv);
    },
  );

  app.get(
    '/api/invitations',
    {
      preHandler: app.authorize('read', 'user'),
      schema: {
        tags,
        security,
        summary: 'Pending invitations',
        querystring: InvitationListQuerySchema,
        response: { 200: InvitationPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );

  app.post(
    '/api/invitations/:uuid/resend',
    {
      preHandler: app.authorize('write', 'user'),
      schema: {
        tags,
        security,
        summary: 'Send the invitation again with a new link',
        params: InvitationParamsSchema,
        response: { 200: InvitationSchema, ...errors },
      },
    },
    (request) => service.resend(tenantOf(request), request.params.uuid),
  );

  app.delete(
    '/api/invitations/:uuid',
    {
      preHandler: app.authorize('write', 'user'),
      schema: {
        tags,
        security,
        summary: 'Cancel a pending invitation',
        params: InvitationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.cancel(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/invitations/by-token/:token',
    {
      schema: {
        tags,
        summary: 'Describe an invitation to the person holding its link (public)',
        params: InvitationTokenParamsSchema,
        response: { 200: InvitationPublicSchema, ...errors },
      },
    },
    (request) => service.describe(ctxOf(request), request.params.token),
  );

  app.post(
    '/api/invitations/by-token/:token/accept-new',
    {
      schema: {
        tags,
        summary: 'Accept as a new person: set names and a password (public)',
        params: InvitationTokenParamsSchema,
        body: InvitationAcceptNewSchema,
        response: { 201: InvitationAcceptedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.acceptAsNewUser(ctxOf(request), { token: request.params.token, ...request.body })),
  );

  app.post(
    '/api/invitations/by-token/:token/accept',
    {
      // The invitee is not a member yet: his sign-in (a base-domain session) may accept.
      config: { baseDomainSession: true },
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Accept as the signed-in person the invitation was sent to',
        params: InvitationTokenParamsSchema,
        response: { 201: InvitationAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.acceptAsUser(ctxOf(request), request.params.token)),
  );
};
export default invitationsRoutes;
