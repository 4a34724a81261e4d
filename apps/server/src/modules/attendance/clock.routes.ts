import {
  AttendanceEntrySchema,
  BoardQuerySchema,
  BoardSchema,
  ClockSchema,
  MyDaySchema,
} from '@wac/shared/schemas/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import { AUTO_CLOSE_CRON, AUTO_CLOSE_JOB, runAutoCloseJob } from './auto-close.service';
import * as boardService from './board.service';
import * as clock from './clock.service';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** Clocking in and out: every active member's self-service. */
const clockRoutes: FastifyPluginAsyncZod = async (app) => {
  const self = app.authorize('read', 'default');
  app.jobs.register<Record<string, unknown>, Record<string, unknown>>({
    type: AUTO_CLOSE_JOB,
    run: (job) => runAutoCloseJob(app, job),
  });
  app.jobs.recurring({ type: AUTO_CLOSE_JOB, cron: AUTO_CLOSE_CRON, perCompany: true });

  app.get(
    '/api/attendance/me',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: "The signed-in member's company day: entries and time worked",
        response: { 200: MyDaySchema, ...errors },
      },
    },
    (request) => clock.myDay(tenantOf(request)),
  );
  app.post(
    '/api/attendance/me/clock-in',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: "Clock in at the server's clock (idempotent by key; one open entry at most)",
        body: ClockSchema,
        response: { 200: AttendanceEntrySchema, ...errors },
      },
    },
    (request) => clock.clockIn(tenantOf(request), request.body),
  );
  app.post(
    '/api/attendance/me/clock-out',
    {
      preHandler: self,
      schema: {
        tags,
        security,
        summary: "Clock out at the server's clock (idempotent by key)",
        body: ClockSchema,
        response: { 200: AttendanceEntrySchema, ...errors },
      },
    },
    (request) => clock.clockOut(tenantOf(request), request.body),
  );

  app.get(
    '/api/attendance/board',
    {
      preHandler: app.authorize('read', 'attendance'),
      schema: {
        tags,
        security,
        summary:
          'The day board: who is present, late, absent, on leave, expected or not scheduled on a company day (today by default), by team, department, status or name',
        querystring: BoardQuerySchema,
        response: { 200: BoardSchema, ...errors },
      },
    },
    (request) => boardService.board(tenantOf(request), request.query),
  );
};
export default clockRoutes;
