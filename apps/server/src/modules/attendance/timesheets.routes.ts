import {
  AttendanceParamsSchema,
  TimesheetExportQuerySchema,
  TimesheetLockCreateSchema,
  TimesheetLockListSchema,
  TimesheetLockSchema,
  TimesheetQuerySchema,
  TimesheetSchema,
  UserParamsSchema,
} from '@wac/shared/schemas/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as timesheets from './timesheets.service';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** Timesheets per person and period in the company's zone, their CSV for payroll, and locked periods. */
const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'attendance');
  const write = app.authorize('write', 'attendance');

  app.get(
    '/api/attendance/me/timesheet',
    {
      preHandler: app.authorize('read', 'default'),
      schema: {
        tags,
        security,
        summary: "The signed-in member's timesheet of a week or month",
        querystring: TimesheetQuerySchema,
        response: { 200: TimesheetSchema, ...errors },
      },
    },
    (request) => timesheets.myTimesheet(tenantOf(request), request.query),
  );
  app.get(
    '/api/attendance/timesheets/export.csv',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "The company's (or a team's) timesheets of a period as CSV, one line per person and day, streamed",
        querystring: TimesheetExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const body = await timesheets.exportCsv(tenantOf(request), request.query);
      return sendCsv(reply, `timesheets-${request.query.period}.csv`, body);
    },
  );
  app.get(
    '/api/attendance/timesheets/:userUuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A member's timesheet of a week or month",
        params: UserParamsSchema,
        querystring: TimesheetQuerySchema,
        response: { 200: TimesheetSchema, ...errors },
      },
    },
    (request) => timesheets.timesheet(tenantOf(request), { userId: request.params.userUuid, ...request.query }),
  );

  app.get(
    '/api/attendance/timesheet-locks',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Locked periods, latest first',
        response: { 200: TimesheetLockListSchema, ...errors },
      },
    },
    (request) => timesheets.listLocks(tenantOf(request)),
  );
  app.post(
    '/api/attendance/timesheet-locks',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Lock a period that is over: its entries and corrections are refused afterwards',
        body: TimesheetLockCreateSchema,
        response: { 201: TimesheetLockSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await timesheets.lock(tenantOf(request), request.body)),
  );
  app.delete(
    '/api/attendance/timesheet-locks/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Unlock a period',
        params: AttendanceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await timesheets.unlock(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );
};
export default timesheetRoutes;
