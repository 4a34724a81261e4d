import { randomUUID } from 'node:crypto';
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
import { type Config, proxyTrust } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './lib/log';
import { nullableEnums } from './lib/openapi';
import { anyRouteErrors } from './lib/http';
import { pickLanguage } from './lib/lang';
import { createJobRunner, type JobRunner } from './lib/jobs/runner';
import { createTokenService, type TokenService } from './lib/tokens';
import adminModules from './modules/admin';
import authRoutes from './modules/auth/auth.routes';
import usersRoutes from './modules/users/users.routes';
import realtimeRoutes from './modules/realtime/realtime.routes';
import { createSocketAccess } from './modules/realtime/realtime.service';
import { type Bus, createMemoryBus, createRedisBus } from './lib/bus';
import contextPlugin from './plugins/context';
import healthRoutes from './modules/health/health.routes';
import jobsRoutes from './modules/jobs/jobs.routes';
import errorHandler, { answerClientError, sendError } from './plugins/error-handler';
import hostileInput from './plugins/hostile-input';
import metricsPlugin from './plugins/metrics';
import { createMemoryPresence, createRedisPresence, type Presence } from './lib/presence';
import { createMailer, type Mailer, mailStartNotice } from './lib/mail';
import { lingerAfterEarlyAnswer } from './lib/lingering-close';
import socketPlugin from './plugins/socket';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    bus: Bus;
    /** Who is connected, per company (online, away, busy, offline), across processes with Redis. */
    presence: Presence;
    /** The job runner: modules register handlers on it; it starts when the app is ready. */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  mailer?: Mailer;
  bus?: Bus;
  logger?: boolean | object;
}

/** Builds the whole server as a Fastify instance; it does not listen (server.ts does). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1_048_576,
    // Slow clients cannot hold connections open: the headers within 10 s and the whole request
    // within 60 s (checked every second), then the connection is dropped.
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    requestTimeout: 60_000,
    // Draining on SIGTERM: requests that reach this process while it closes are still answered
    // (with `Connection: close`), not refused with 503; the listening socket is already closed, so
    // a load balancer sends new connections to the other processes.
    return503OnClosing: false,
    // A malformed or overlong path segment is a bad request, answered like every other error.
    frameworkErrors: (_error, request, reply) => {
      request.lang = pickLanguage(request.headers['accept-language']);
      return sendError(request, reply, 'BAD_REQUEST', 400);
    },
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // An answer sent before the body was read (413) reaches a client that is still sending.
  lingerAfterEarlyAnswer(app.server);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', deps.db);
  app.decorate('tokens', createTokenService(config));
  app.decorate('mailer', deps.mailer ?? createMailer(config, (m) => app.log.info(m)));
  const mailNotice = deps.mailer ? null : mailStartNotice(config);
  if (mailNotice) app.log.warn(mailNotice);
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

  app.decorate(
    'presence',
    app.bus.kind === 'redis' && app.bus.client
      ? createRedisPresence(app.bus.client, randomUUID(), config.redisPrefix)
      : createMemoryPresence(),
  );

  app.decorate(
    'jobs',
    createJobRunner({
      db: deps.db,
      concurrency: config.jobs.concurrency,
      pollMs: config.jobs.pollMs,
      onError: (err, context) => app.log.error({ err }, `jobs: ${context}`),
      onEvent: (event) => app.metrics.observeJob(event),
    }),
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
    transformObject: (d) => ('openapiObject' in d ? nullableEnums(d.openapiObject) : d.swaggerObject),
  });
  await app.register(fastifyCookie);
  await app.register(errorHandler);
  await app.register(hostileInput);
  // Before the context plugin: its onRequest hook marks upgrade requests, so a refused upgrade
  // (unknown company, bad token) still has its raw socket destroyed after the error answer.
  await app.register(socketPlugin, { access: createSocketAccess(app) });
  await app.register(contextPlugin);
  await app.register(webPlugin);
  // Every documented route also documents the errors any route can answer (its own list wins).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || schema.hide) return;
    schema.response = { ...anyRouteErrors, ...schema.response };
  });

  await app.register(metricsPlugin);
  await app.register(healthRoutes);

  app.get('/api/docs.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(realtimeRoutes);
  await app.register(jobsRoutes);
  await app.register(adminModules);

  // Handlers are registered by the modules above; a process may also only enqueue (JOBS_ENABLED=false).
  if (config.jobs.enabled) app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => {
    // First: running jobs may still mail or publish.
    await app.jobs.stop();
    app.presence.close();
    await app.bus.close();
    app.mailer.close();
  });
  return app;
}
