import {
  AttendanceParamsSchema,
  AttendanceSettingsSchema,
  AttendanceSettingsUpdateSchema,
  HolidayCreateSchema,
  HolidayImportResultSchema,
  HolidayImportSchema,
  HolidayUpdateSchema,
  HolidayListQuerySchema,
  HolidayPageSchema,
  HolidaySchema,
  ScheduleAssignmentBulkProgressSchema,
  ScheduleAssignmentBulkResultSchema,
  ScheduleAssignmentBulkSchema,
  ScheduleAssignmentCreateSchema,
  ScheduleAssignmentListSchema,
  ScheduleAssignmentQuerySchema,
  ScheduleAssignmentSchema,
  ScheduleMemberPageSchema,
  ScheduleMembersQuerySchema,
  WorkingDaysQuerySchema,
  WorkingDaysSchema,
  WorkScheduleCreateSchema,
  WorkScheduleListSchema,
  WorkScheduleSchema,
  WorkScheduleUpdateSchema,
} from '@wac/shared/schemas/attendance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as calendar from './calendar.service';
import * as scheduleMembers from './schedule-members.service';
import * as schedules from './schedules.service';

const tags = ['attendance'];
const security = [{ bearer: [] }];

/** The company calendar: zone and week, public holidays, work schedules and who follows which. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'attendance');
  const write = app.authorize('write', 'attendance');
  app.jobs.register<scheduleMembers.ScheduleAssignJob['payload'], Record<string, unknown>>({
    type: scheduleMembers.SCHEDULE_ASSIGN_JOB,
    run: (job) => scheduleMembers.runScheduleAssignJob(app, job, () => app.jobs.wake()),
  });

  app.get(
    '/api/attendance/settings',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "The company's time zone, week start and auto-close margin",
        response: { 200: AttendanceSettingsSchema, ...errors },
      },
    },
    (request) => calendar.getSettings(tenantOf(request)),
  );
  app.patch(
    '/api/attendance/settings',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Change the time zone, week start or auto-close margin (optimistic version)',
        body: AttendanceSettingsUpdateSchema,
        response: { 200: AttendanceSettingsSchema, ...errors },
      },
    },
    (request) => calendar.updateSettings(tenantOf(request), request.body),
  );

  app.get(
    '/api/attendance/holidays',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Public holidays, paged, by date',
        querystring: HolidayListQuerySchema,
        response: { 200: HolidayPageSchema, ...errors },
      },
    },
    (request) => calendar.listHolidays(tenantOf(request), request.query),
  );
  app.post(
    '/api/attendance/holidays',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Add a public holiday',
        body: HolidayCreateSchema,
        response: { 201: HolidaySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await calendar.createHoliday(tenantOf(request), request.body)),
  );
  app.post(
    '/api/attendance/holidays/import',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Add many public holidays at once (a year's calendar); taken dates are skipped",
        body: HolidayImportSchema,
        response: { 200: HolidayImportResultSchema, ...errors },
      },
    },
    (request) => calendar.importHolidays(tenantOf(request), request.body),
  );
  app.patch(
    '/api/attendance/holidays/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Change the date or name of a public holiday',
        params: AttendanceParamsSchema,
        body: HolidayUpdateSchema,
        response: { 200: HolidaySchema, ...errors },
      },
    },
    (request) => calendar.updateHoliday(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/attendance/holidays/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Remove a public holiday',
        params: AttendanceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await calendar.removeHoliday(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/attendance/schedules',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Work schedules, the default first',
        response: { 200: WorkScheduleListSchema, ...errors },
      },
    },
    (request) => schedules.listSchedules(tenantOf(request)),
  );
  app.post(
    '/api/attendance/schedules',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a work schedule',
        body: WorkScheduleCreateSchema,
        response: { 201: WorkScheduleSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await schedules.createSchedule(tenantOf(request), request.body)),
  );
  app.get(
    '/api/attendance/schedules/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'A work schedule',
        params: AttendanceParamsSchema,
        response: { 200: WorkScheduleSchema, ...errors },
      },
    },
    (request) => schedules.getSchedule(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/attendance/schedules/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Change a work schedule or make it the default (optimistic version)',
        params: AttendanceParamsSchema,
        body: WorkScheduleUpdateSchema,
        response: { 200: WorkScheduleSchema, ...errors },
      },
    },
    (request) => schedules.updateSchedule(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/attendance/schedules/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a work schedule nobody follows',
        params: AttendanceParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await schedules.removeSchedule(tenantOf(request), {
        id: request.params.uuid,
        version: request.query.version ?? null,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/attendance/schedules/:uuid/members',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "The enabled members following a schedule on the company's today, paged, in name order",
        params: AttendanceParamsSchema,
        querystring: ScheduleMembersQuerySchema,
        response: { 200: ScheduleMemberPageSchema, ...errors },
      },
    },
    (request) => scheduleMembers.listScheduleMembers(tenantOf(request), { id: request.params.uuid, ...request.query }),
  );

  app.get(
    '/api/attendance/assignments',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A member's schedules by effective date",
        querystring: ScheduleAssignmentQuerySchema,
        response: { 200: ScheduleAssignmentListSchema, ...errors },
      },
    },
    (request) => schedules.listAssignments(tenantOf(request), { userId: request.query.userUuid }),
  );
  app.post(
    '/api/attendance/assignments',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'A member follows a schedule from a date on',
        body: ScheduleAssignmentCreateSchema,
        response: { 201: ScheduleAssignmentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await schedules.assign(tenantOf(request), request.body)),
  );
  app.post(
    '/api/attendance/assignments/bulk',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          'Many people follow a schedule from a date on: up to 500 chosen members, a team or a department; up to 50 written at once, more in the background (its batchId)',
        body: ScheduleAssignmentBulkSchema,
        response: { 200: ScheduleAssignmentBulkResultSchema, ...errors },
      },
    },
    async (request) => {
      const result = await scheduleMembers.assignMany(tenantOf(request), request.body);
      if (result.batchId) app.jobs.wake();
      return result;
    },
  );
  app.get(
    '/api/attendance/assignments/bulk/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "A background bulk assignment's people: assigned, failed and pending, counted from its jobs",
        params: AttendanceParamsSchema,
        response: { 200: ScheduleAssignmentBulkProgressSchema, ...errors },
      },
    },
    (request) => scheduleMembers.bulkProgress(tenantOf(request), request.params.uuid),
  );
  app.delete(
    '/api/attendance/assignments/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Remove a schedule assignment',
        params: AttendanceParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await schedules.unassign(tenantOf(request), request.params.uuid);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/attendance/working-days',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A member's working days and scheduled minutes over a range",
        querystring: WorkingDaysQuerySchema,
        response: { 200: WorkingDaysSchema, ...errors },
      },
    },
    (request) => calendar.workingDays(tenantOf(request), { userId: request.query.userUuid, ...request.query }),
  );
};
export default calendarRoutes;
