import { ApiErrorSchema } from '@wac/shared/schemas/common';
import { RealtimeConnectQuerySchema, RealtimeTicketSchema } from '@wac/shared/schemas/realtime';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import type { SocketGrant } from '../../lib/socket-access';
import { ctxOf } from '../../plugins/context';
import * as service from './realtime.service';

const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const grants = new WeakMap<FastifyRequest, SocketGrant>();

  app.post(
    '/api/realtime/ticket',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['realtime'],
        summary: 'A single-use ticket (30 s) to open the real-time socket on this Host',
        description:
          'Open `GET /api/realtime?basename=/admin&ticket=…` as a WebSocket from a page of the same sub-domain. ' +
          'Protocol: docs/decisions/004-realtime.md.',
        security: [{ bearer: [] }],
        response: { 200: RealtimeTicketSchema, 401: ApiErrorSchema },
      },
    },
    (request) => service.issueTicket(ctxOf(request)),
  );

  app.get(
    '/api/realtime',
    {
      websocket: true,
      schema: { querystring: RealtimeConnectQuerySchema },
      preHandler: async (request) => {
        // A plain GET must not burn a ticket.
        if (!request.ws) throw new AppError('BAD_REQUEST');
        grants.set(
          request,
          await service.admitSocket(ctxOf(request), {
            origin: request.headers.origin,
            hostHeader: request.headers.host,
            ticket: request.query.ticket,
          }),
        );
      },
    },
    (socket, request) => app.sockets.connect(socket, grants.get(request)!),
  );
};
export default realtimeRoutes;
