import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { REFRESH_COOKIE } from '@wac/shared/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createTokenService, type TokenService } from './lib/tokens';
import adminModules from './modules/admin';
import authRoutes from './modules/auth/auth.routes';
import usersRoutes from './modules/users/users.routes';
import realtimeRoutes from './modules/realtime/realtime.routes';
import { type Bus, createMemoryBus, createRedisBus } from './plugins/bus';
import contextPlugin from './plugins/context';
import errorHandler from './plugins/error-handler';
import { createMailer, type Mailer } from './plugins/mail';
import socketPlugin from './plugins/socket';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    bus: Bus;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  mailer?: Mailer;
  bus?: Bus;
  logger?: boolean | object;
}

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.otp',
  '*.accessToken',
  '*.refreshToken',
  '*.code',
];

/** Builds the whole server as a Fastify instance; it does not listen (server.ts does). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger ??
      (config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            serializers: {
              // Paths only: query strings may carry codes and must never reach the logs.
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                path: req.url.split('?')[0],
              }),
            },
          }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('tokens', createTokenService(config));
  app.decorate('mailer', deps.mailer ?? createMailer(config, (m) => app.log.info(m)));
  app.decorate(
    'bus',
    deps.bus ??
      (config.redisUrl
        ? await createRedisBus({
            url: config.redisUrl,
            prefix: config.redisPrefix,
            onError: (err) => app.log.error({ err }, 'redis bus'),
          })
        : createMemoryBus()),
  );

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Workplace Admin Console API',
        description: 'Multi-company administration API. The company of a request is taken from its Host.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyCookie);
  await app.register(errorHandler);
  // Before the context plugin: its onRequest hook marks upgrade requests, so a refused upgrade
  // (unknown company, bad token) still has its raw socket destroyed after the error answer.
  await app.register(socketPlugin);
  await app.register(contextPlugin);
  await app.register(webPlugin);

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/api/docs.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(realtimeRoutes);
  await app.register(adminModules);

  app.addHook('onClose', async () => {
    await app.bus.close();
    app.mailer.close();
  });
  return app;
}
