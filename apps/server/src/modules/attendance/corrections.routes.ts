import {
  AdminCorrectionSchema,
  AttendanceParamsSchema,
  CorrectionDecisionSchema,
  CorrectionListQuerySchema,
  CorrectionPageSchema,
  CorrectionRequestSchema,
  CorrectionSchema,
  PendingCountSchema,
} from '@wac/shared/schemas/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as corrections from './corrections.service';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** Corrections: a member asks, an admin decides; an admin may also correct at once. Always with a reason. */
const correctionRoutes: FastifyPluginAsyncZod = async (app) => {
  const self = app.authorize('read', 'default');
  const read = app.authorize('read', 'attendance');
  const write = app.authorize('write', 'attendance');

  app.get(
    '/api/attendance/me/corrections',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: "The signed-in member's correction requests, newest first",
        querystring: CorrectionListQuerySchema.omit({ userUuid: true }),
        response: { 200: CorrectionPageSchema, ...errors },
      },
    },
    (request) => corrections.mine(tenantOf(request), request.query),
  );
  app.post(
    '/api/attendance/me/corrections',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary:
          'Ask for a correction of an own entry (a missing pair, a missing clock-out, a wrong time), with a reason',
        body: CorrectionRequestSchema,
        response: { 201: CorrectionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await corrections.request(tenantOf(request), request.body)),
  );

  app.get(
    '/api/attendance/corrections',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Correction requests and applied corrections of the company, newest first',
        querystring: CorrectionListQuerySchema,
        response: { 200: CorrectionPageSchema, ...errors },
      },
    },
    (request) => corrections.list(tenantOf(request), request.query),
  );
  app.get(
    '/api/attendance/corrections/pending-count',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'How many correction requests wait for a decision',
        response: { 200: PendingCountSchema, ...errors },
      },
    },
    (request) => corrections.pendingCount(tenantOf(request)),
  );
  app.post(
    '/api/attendance/corrections',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Add, change or remove a member's entry at once, with a reason (the recorded times stay)",
        body: AdminCorrectionSchema,
        response: { 201: CorrectionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await corrections.correct(tenantOf(request), request.body)),
  );
  app.post(
    '/api/attendance/corrections/:uuid/approve',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Approve a pending request: checked again, then applied',
        params: AttendanceParamsSchema,
        body: CorrectionDecisionSchema,
        response: { 200: CorrectionSchema, ...errors },
      },
    },
    (request) => corrections.approve(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.post(
    '/api/attendance/corrections/:uuid/decline',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Decline a pending request, with an optional comment',
        params: AttendanceParamsSchema,
        body: CorrectionDecisionSchema,
        response: { 200: CorrectionSchema, ...errors },
      },
    },
    (request) => corrections.decline(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
};
export default correctionRoutes;
