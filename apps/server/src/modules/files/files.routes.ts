import { ApiErrorSchema, UuidSchema } from '@wac/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../plugins/context';
import * as service from './files.service';

/**
 * Serves uploaded images (logos, avatars). They are addressed by a random uuid and are not secret
 * (a logo shows in the company switcher); the headers make sure a browser only ever renders them
 * as the image type they were re-encoded to.
 */
const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/:uuid',
    {
      // Runs after the app-wide `no-store` for /api: a file's content never changes for its id.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, max-age=31536000, immutable');
        return payload;
      },
      schema: {
        tags: ['files'],
        summary: 'An uploaded image (logo or avatar)',
        params: z.object({ uuid: UuidSchema }),
        response: { 200: z.unknown().describe('image/png, image/jpeg or image/webp'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await service.get(ctxOf(request), request.params.uuid);
      const ext = file.contentType.split('/')[1] ?? 'bin';
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${file.purpose}.${ext}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-site')
        .send(file.data);
    },
  );
};
export default filesRoutes;
