import { CompanyEvidenceQuerySchema } from '@wac/shared/schemas/compliance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/http';
import { tenantOf } from '../../plugins/context';
import * as service from './evidence-export.service';

/**
 * The company-wide evidence export for an auditor (the `compliance` subject: the company's admins).
 * One ZIP, streamed: a CSV per kind of object and a JSON manifest with each file's SHA-256.
 */
const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'compliance');

  app.get(
    '/api/compliance/evidence.zip',
    {
      preHandler: read,
      schema: {
        tags: ['policies', 'certifications'],
        security: [{ bearer: [] }],
        summary:
          'Evidence of the whole company for a range of days (company time zone, both included): policies, every version with its hash, acknowledgements, certification types and records with their status on the export day, and their audit trail, as CSV files plus manifest.json (each file with its SHA-256), one ZIP streamed',
        querystring: CompanyEvidenceQuerySchema,
        produces: ['application/zip'],
        response: { 200: z.unknown().describe('application/zip'), ...errors },
      },
    },
    async (request, reply) => {
      const body = await service.exportArchive(tenantOf(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="compliance-evidence-${day}.zip"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
export default complianceRoutes;
