import {
  AdjustmentCreateSchema,
  ApprovalCountSchema,
  ApprovalsQuerySchema,
  BalanceSchema,
  BalancesSchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  TeamCalendarQuerySchema,
  TeamCalendarSchema,
  TimeOffDecisionSchema,
  TimeOffPreviewResultSchema,
  TimeOffPreviewSchema,
  TimeOffRequestCreateSchema,
  TimeOffRequestListQuerySchema,
  TimeOffRequestPageSchema,
  TimeOffRequestParamsSchema,
  TimeOffRequestSchema,
  TimeOffUserQuerySchema,
} from '@wac/shared/schemas/time-off';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import { HOLIDAYS_CHANGED_JOB } from '../attendance/calendar.service';
import { SCHEDULES_CHANGED_JOB, type SchedulesChangedPayload } from '../attendance/schedule-members.service';
import * as balances from './balances.service';
import { runHolidaysChangedJob, runSchedulesChangedJob } from './recount.service';
import * as requests from './requests.service';
import { teamCalendar } from './team-calendar.service';
import { runTimeOffMailJob, TIME_OFF_MAIL_JOB, type TimeOffMailJob } from './time-off-mail';

const tags = ['time-off'];
const security = [{ bearer: [] }];
const asAdmin = (request: FastifyRequest) => request.ability.can('write', 'peopleHR');

/**
 * Time off of the Host's company: every member reads their own balances and requests and asks for
 * time off; their manager and the company's admins (peopleHR) decide; admins adjust balances.
 */
const timeOffRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'default');
  const write = app.authorize('write', 'peopleHR');

  // Time off on a day that became (or stopped being) a public holiday is counted again.
  app.jobs.register<{ dates: string[] }, Record<string, unknown>>({
    type: HOLIDAYS_CHANGED_JOB,
    run: (job) => runHolidaysChangedJob(app, job),
  });
  // ... and on the days whose schedule changed for someone (an assignment, a schedule's hours).
  app.jobs.register<SchedulesChangedPayload, Record<string, unknown>>({
    type: SCHEDULES_CHANGED_JOB,
    run: (job) => runSchedulesChangedJob(app, job),
  });
  app.jobs.register<TimeOffMailJob['payload'], Record<string, unknown>>({
    type: TIME_OFF_MAIL_JOB,
    run: (job) => runTimeOffMailJob(app, job),
  });
  // The first of each month at 00:00 in each company's zone; on 1 January the year closes too.
  app.jobs.register<{ scheduledFor: string; timeZone: string }, Record<string, unknown>>({
    type: balances.YEAR_BOUNDARY_JOB,
    run: async (job) => {
      const at = balances.periodAt(new Date(job.payload.scheduledFor), job.payload.timeZone);
      await job.finish((tx) => balances.periodStartInTx(tx, job.companyId!, at).then(() => undefined));
    },
  });
  app.jobs.recurring({ type: balances.YEAR_BOUNDARY_JOB, cron: '0 0 1 * *', perCompany: true });

  app.get(
    '/api/time-off/balances',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A person's balance of every type (the sum of their ledger) and what is pending",
        querystring: TimeOffUserQuerySchema,
        response: { 200: BalancesSchema, ...errors },
      },
    },
    (request) => balances.balances(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
  app.get(
    '/api/time-off/ledger',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A person's ledger entries, latest first",
        querystring: LedgerQuerySchema,
        response: { 200: LedgerPageSchema, ...errors },
      },
    },
    (request) => balances.entries(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
  app.post(
    '/api/time-off/adjustments',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Grant or adjust another person's balance, with a reason (a ledger entry); an admin's own is refused",
        body: AdjustmentCreateSchema,
        response: { 201: BalanceSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await balances.adjust(tenantOf(request), request.body)),
  );
  app.post(
    '/api/time-off/requests/preview',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'What a request would take: its working days counted, and the balance available',
        body: TimeOffPreviewSchema,
        response: { 200: TimeOffPreviewResultSchema, ...errors },
      },
    },
    (request) => requests.preview(tenantOf(request), request.body),
  );
  app.get(
    '/api/time-off/requests',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "A person's requests, latest start first",
        querystring: TimeOffRequestListQuerySchema,
        response: { 200: TimeOffRequestPageSchema, ...errors },
      },
    },
    (request) => requests.list(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
  app.post(
    '/api/time-off/requests',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Request time off',
        body: TimeOffRequestCreateSchema,
        response: { 201: TimeOffRequestSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await requests.create(tenantOf(request), request.body)),
  );
  for (const [verb, approve] of [
    ['approve', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/api/time-off/requests/:uuid/${verb}`,
      {
        preHandler: read,
        schema: {
          tags,
          security,
          summary: `${approve ? 'Approve' : 'Decline'} a pending request (its manager or an admin), with a comment`,
          params: TimeOffRequestParamsSchema,
          body: TimeOffDecisionSchema,
          response: { 200: TimeOffRequestSchema, ...errors },
        },
      },
      (request) =>
        requests.decide(tenantOf(request), {
          id: request.params.uuid,
          approve,
          comment: request.body.comment,
          asAdmin: asAdmin(request),
        }),
    );
  }
  app.post(
    '/api/time-off/requests/:uuid/cancel',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Cancel a request: its requester before the start, an admin at any time',
        params: TimeOffRequestParamsSchema,
        response: { 200: TimeOffRequestSchema, ...errors },
      },
    },
    (request) => requests.cancel(tenantOf(request), { id: request.params.uuid, asAdmin: asAdmin(request) }),
  );
  app.get(
    '/api/time-off/approvals',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Pending requests the caller may decide, oldest first',
        querystring: ApprovalsQuerySchema,
        response: { 200: TimeOffRequestPageSchema, ...errors },
      },
    },
    (request) => requests.approvals(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
  app.get(
    '/api/time-off/approvals/count',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'How many requests wait for the caller (the menu badge)',
        response: { 200: ApprovalCountSchema, ...errors },
      },
    },
    (request) => requests.approvalCount(tenantOf(request), { asAdmin: asAdmin(request) }),
  );
  app.get(
    '/api/time-off/calendar',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Who is off in a month (admins: everyone; managers: their reports), by team or department',
        querystring: TeamCalendarQuerySchema,
        response: { 200: TeamCalendarSchema, ...errors },
      },
    },
    (request) => teamCalendar(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
};
export default timeOffRoutes;
