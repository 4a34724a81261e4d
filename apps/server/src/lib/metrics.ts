import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import client from 'prom-client';
import type { Database } from '../db/client';
import type { JobEvent } from './jobs/runner';

/** What the metrics read from the rest of the process, each when the endpoint is scraped. */
export interface MetricSources {
  db: Database;
  sockets: () => number;
  jobDepth: () => Promise<Record<string, number>>;
}

/**
 * The Prometheus registry of one process: request durations per route, database pool usage, open
 * real-time sockets, the job queue's depth per state and its outcomes per job type, and Node's own
 * default metrics. Its own registry, so two apps in one test process do not share counters.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = sources.db.pool;
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); 1 total for embedded PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new client.Counter({
    name: 'db_reads_run_again_total',
    help: 'Read-only transactions (a GET) refused a write by the database and run again as ordinary ones; anything but 0 names code to mend (decision 027)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.db.readsRunAgain());
    },
  });
  new client.Gauge({
    name: 'realtime_open_sockets',
    help: 'Real-time WebSocket connections open on this process',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  new client.Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs per state (queued, running, failed awaiting retry, dead), across all processes',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const depth = await sources.jobDepth();
      for (const [state, n] of Object.entries(depth)) this.set({ state }, n);
    },
  });
  const jobOutcomes = new client.Counter({
    name: 'jobs_processed_total',
    help: 'Job attempts finished by this process, by job type and outcome (done, failed, dead, released, lease_expired)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new client.Histogram({
    name: 'jobs_duration_seconds',
    help: 'Duration of job attempts by job type',
    labelNames: ['type'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });

  const contexts = new client.Counter({
    name: 'http_request_contexts_total',
    help: "Request contexts by source: looked up, remembered (proved by the request's first transaction), replayed (changed since remembered, answered again)",
    labelNames: ['source'] as const,
    registers: [registry],
  });

  return {
    registry,
    /** A request context: `looked_up` from the database, `remembered` from memory, `replayed` after it changed. */
    observeContext(source: 'looked_up' | 'remembered' | 'replayed') {
      contexts.inc({ source });
    },
    observeRequest(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    observeJob(event: JobEvent) {
      if (event.kind === 'claimed') return;
      jobOutcomes.inc({ type: event.type, outcome: event.kind });
      if ('durationMs' in event) jobDuration.observe({ type: event.type }, event.durationMs / 1000);
    },
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Parses `METRICS_ALLOW` (comma-separated CIDR blocks or single addresses). */
export function parseAllowList(spec: string): BlockList {
  const list = new BlockList();
  for (const raw of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [addr, bits] = raw.split('/') as [string, string | undefined];
    const type = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
    const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
    if (!type || !Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128)) {
      throw new Error(`Invalid configuration:\n  METRICS_ALLOW: "${raw}" is not an address or CIDR block`);
    }
    list.addSubnet(addr, prefix, type);
  }
  return list;
}

/** Whether a scrape may read the metrics: from an allowed address, or with the bearer token. */
export function metricsAccess(allow: BlockList, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (ip: string, authorization: string | undefined) => {
    if (expected && authorization) {
      const given = Buffer.from(authorization);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (isIPv4(v4)) return allow.check(v4, 'ipv4');
    return isIPv6(v4) && allow.check(v4, 'ipv6');
  };
}
