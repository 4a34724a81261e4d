import { ProfileSchema, ProfileUpdateSchema } from '@wac/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeleteQuerySchema, errors } from '../../lib/http';
import { readUpload, uploadedFile } from '../../lib/images';
import { ctxOf } from '../../plugins/context';
import * as service from './profile.service';

const tags = ['profile'];
const security = [{ bearer: [] }];
const errs = { ...errors, 413: errors[400], 415: errors[400] };

/** Every member's own profile (subject 'default'). */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.authorize('read', 'default');
  app.get(
    '/api/profile',
    { preHandler: read, schema: { tags, security, summary: 'My profile', response: { 200: ProfileSchema, ...errs } } },
    (request) => service.get(ctxOf(request)),
  );
  app.patch(
    '/api/profile',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Edit my name, phone, language (optimistic version)',
        body: ProfileUpdateSchema,
        response: { 200: ProfileSchema, ...errs },
      },
    },
    (request) => service.update(ctxOf(request), request.body),
  );
  app.post(
    '/api/profile/avatar',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Upload my avatar (multipart field "file": PNG, JPEG or WebP, ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        querystring: DeleteQuerySchema,
        response: { 200: ProfileSchema, ...errs },
      },
    },
    async (request) => {
      const bytes = await readUpload(await uploadedFile(request));
      return service.uploadAvatar(ctxOf(request), { bytes, version: request.query.version ?? null });
    },
  );
  app.delete(
    '/api/profile/avatar',
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: 'Remove my avatar',
        querystring: DeleteQuerySchema,
        response: { 200: ProfileSchema, ...errs },
      },
    },
    (request) => service.removeAvatar(ctxOf(request), { version: request.query.version ?? null }),
  );
};
export default profileRoutes;
