import {
  CustomFieldCreateSchema,
  CustomFieldListSchema,
  CustomFieldParamsSchema,
  CustomFieldSchema,
  CustomFieldUpdateSchema,
  DirectoryPageSchema,
  EmployeeExportQuerySchema,
  EmployeeListQuerySchema,
  EmployeeParamsSchema,
  EmployeeSchema,
  EmployeeUpdateSchema,
  OrgLevelQuerySchema,
  OrgLevelSchema,
  OrgPathSchema,
  PeopleSettingsSchema,
  PeopleSettingsUpdateSchema,
} from '@wac/shared/schemas/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv-export';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as fields from './employee-fields.service';
import * as service from './employees.service';
import * as org from './org-chart.service';

const tags = ['employees'];
const security = [{ bearer: [] }];

/** Admins of the company (peopleHR) see and change every record; members see the directory and their own. */
const asAdmin = (request: FastifyRequest) => request.ability.can('write', 'peopleHR');

/** Employee records, the directory, the org chart, and the company's custom fields. */
const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = app.authorize('read', 'default');
  const adminRead = app.authorize('read', 'peopleHR');
  const admin = app.authorize('write', 'peopleHR');

  app.get(
    '/api/employees',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'The directory: current people (admins may also list ended ones), paged, searched, sorted',
        querystring: EmployeeListQuerySchema,
        response: { 200: DirectoryPageSchema, ...errors },
      },
    },
    (request) => service.directory(tenantOf(request), { ...request.query, asAdmin: asAdmin(request) }),
  );
  app.get(
    '/api/employees/export.csv',
    {
      preHandler: adminRead,
      schema: {
        tags,
        security,
        summary: 'Every field of the filtered records as CSV, streamed (admins)',
        querystring: EmployeeExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'employees.csv', await service.exportRecords(tenantOf(request), request.query)),
  );
  app.get(
    '/api/employees/org-chart',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "One level of the org chart: a manager's current direct reports, or the top",
        querystring: OrgLevelQuerySchema,
        response: { 200: OrgLevelSchema, ...errors },
      },
    },
    (request) => org.level(tenantOf(request), request.query),
  );
  app.get(
    '/api/employees/fields',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "The company's custom fields",
        response: { 200: CustomFieldListSchema, ...errors },
      },
    },
    (request) => fields.list(tenantOf(request)),
  );
  app.post(
    '/api/employees/fields',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Define a custom field',
        body: CustomFieldCreateSchema,
        response: { 201: CustomFieldSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await fields.create(tenantOf(request), request.body)),
  );
  app.patch(
    '/api/employees/fields/:uuid',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Change a custom field (its type stays)',
        params: CustomFieldParamsSchema,
        body: CustomFieldUpdateSchema,
        response: { 200: CustomFieldSchema, ...errors },
      },
    },
    (request) => fields.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/employees/fields/:uuid',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a custom field and its values',
        params: CustomFieldParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await fields.remove(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/employees/settings',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Which standard fields members edit on their own record',
        response: { 200: PeopleSettingsSchema, ...errors },
      },
    },
    (request) => fields.settings(tenantOf(request)),
  );
  app.patch(
    '/api/employees/settings',
    {
      preHandler: admin,
      schema: {
        tags,
        security,
        summary: 'Choose the self-editable standard fields',
        body: PeopleSettingsUpdateSchema,
        response: { 200: PeopleSettingsSchema, ...errors },
      },
    },
    (request) => fields.updateSettings(tenantOf(request), request.body),
  );
  app.get(
    '/api/employees/:uuid',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "A person's record: all of it for admins and the person, the directory view for colleagues",
        params: EmployeeParamsSchema,
        response: { 200: EmployeeSchema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), { userId: request.params.uuid, asAdmin: asAdmin(request) }),
  );
  app.patch(
    '/api/employees/:uuid',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: 'Change a record: admins every field, the person the self-editable ones (optimistic version)',
        params: EmployeeParamsSchema,
        body: EmployeeUpdateSchema,
        response: { 200: EmployeeSchema, ...errors },
      },
    },
    (request) =>
      service.update(tenantOf(request), { userId: request.params.uuid, asAdmin: asAdmin(request), body: request.body }),
  );
  app.get(
    '/api/employees/:uuid/org-path',
    {
      preHandler: member,
      schema: {
        tags,
        security,
        summary: "A current person's managers from the top of the chart down to them",
        params: EmployeeParamsSchema,
        response: { 200: OrgPathSchema, ...errors },
      },
    },
    (request) => org.path(tenantOf(request), request.params.uuid),
  );
};
export default employeesRoutes;
