import { UuidSchema } from '@wac/shared/schemas/common';
import {
  PresenceMapSchema,
  PresenceQuerySchema,
  PresenceSetSchema,
  ProductLinksSchema,
} from '@wac/shared/schemas/search';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './presence.service';

const tags = ['presence'];
const security = [{ bearer: [] }];

/** Who of the company is online, away, busy or offline; changes arrive as `presence_changed`. */
const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = app.authorize('read', 'default');
  app.get(
    '/api/presence',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'The presence of some members of this company (up to 100, by uuid)',
        querystring: PresenceQuerySchema,
        response: { 200: PresenceMapSchema, ...errors },
      },
    },
    (request) => service.statuses(tenantOf(request), request.query.uuids),
  );
  // Presence is a member's own: a super admin visiting a company without a membership has none to
  // set (it was published to the company's channel as if he were one of its people).
  const ownMember = async (request: FastifyRequest) => {
    await member(request);
    if (!request.principal?.membership) throw new AppError('FORBIDDEN');
  };
  app.put(
    '/api/presence',
    {
      preHandler: ownMember,
      schema: {
        tags,
        security,
        summary: 'Set my presence to busy, or back to automatic',
        body: PresenceSetSchema,
        response: { 200: z.object({ status: z.enum(['online', 'away', 'busy', 'offline']) }), ...errors },
      },
    },
    (request) => service.setMine(tenantOf(request), request.body.status),
  );
  app.get(
    '/api/product-links/:uuid',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "A member's links into scheduling and video rooms, as their toggles allow",
        params: z.object({ uuid: UuidSchema }),
        response: { 200: ProductLinksSchema, ...errors },
      },
    },
    (request) =>
      service.links(tenantOf(request), request.params.uuid, { asAdmin: request.ability.can('read', 'user') }),
  );
};
export default presenceRoutes;
