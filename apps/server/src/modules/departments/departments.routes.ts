import {
  DepartmentCreateSchema,
  DepartmentListQuerySchema,
  DepartmentMoveResultSchema,
  DepartmentMoveSchema,
  DepartmentPageSchema,
  DepartmentParamsSchema,
  DepartmentSchema,
  DepartmentTreeSchema,
  DepartmentUpdateSchema,
} from '@wac/shared/schemas/departments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import { moveToDepartment } from '../employees/employees.service';
import * as service from './departments.service';

const tags = ['departments'];
const security = [{ bearer: [] }];

/** Departments of the Host's company: every member reads them, its admins (peopleHR) write them. */
const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'default');
  const write = app.authorize('write', 'peopleHR');

  app.get(
    '/api/departments/tree',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Every department of the company, each with its parent, for the tree',
        response: { 200: DepartmentTreeSchema, ...errors },
      },
    },
    (request) => service.tree(tenantOf(request)),
  );
  app.post(
    '/api/departments/:uuid/members',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Move people into this department',
        params: DepartmentParamsSchema,
        body: DepartmentMoveSchema,
        response: { 200: DepartmentMoveResultSchema, ...errors },
      },
    },
    (request) =>
      moveToDepartment(tenantOf(request), { departmentId: request.params.uuid, userIds: request.body.uuids }),
  );

  app.get(
    '/api/departments',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Departments: paged, searched, sorted',
        querystring: DepartmentListQuerySchema,
        response: { 200: DepartmentPageSchema, ...errors },
      },
    },
    (request) => service.list(tenantOf(request), request.query),
  );
  app.post(
    '/api/departments',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Create a department',
        body: DepartmentCreateSchema,
        response: { 201: DepartmentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
  );
  app.get(
    '/api/departments/:uuid',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'One department',
        params: DepartmentParamsSchema,
        response: { 200: DepartmentSchema, ...errors },
      },
    },
    (request) => service.get(tenantOf(request), request.params.uuid),
  );
  app.patch(
    '/api/departments/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Edit a department (optimistic version)',
        params: DepartmentParamsSchema,
        body: DepartmentUpdateSchema,
        response: { 200: DepartmentSchema, ...errors },
      },
    },
    (request) => service.update(tenantOf(request), { id: request.params.uuid, ...request.body }),
  );
  app.delete(
    '/api/departments/:uuid',
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a department',
        params: DepartmentParamsSchema,
        querystring: DeleteQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(tenantOf(request), { id: request.params.uuid, version: request.query.version ?? null });
      return reply.status(204).send(null);
    },
  );
};
export default departmentsRoutes;
