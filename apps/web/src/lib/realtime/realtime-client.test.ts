import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { RealtimeClient, type RealtimeEvent, type RealtimeStatus, type SocketFactory } from './realtime-client';

const USER = '/user/11111111-1111-4111-8111-111111111111/message';
const COMPANY = '/company/22222222-2222-4222-8222-222222222222/events';
const FOREIGN = '/company/33333333-3333-4333-8333-333333333333/events';

/** A real WebSocket server speaking the console's protocol (docs/decisions/004-realtime.md). */
class ProtocolServer {
  readonly wss: WebSocketServer;
  readonly tickets = new Set<string>();
  readonly urls: string[] = [];
  readonly received: Array<{ type: string; channel?: string }> = [];
  /** The company channel's last change, this long before the server answers (null: none), on a clock an hour ahead. */
  companyChangedAgo: number | null = null;
  private counter = 0;

  constructor() {
    this.wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    this.wss.on('connection', (socket, req) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.urls.push(req.url ?? '');
      const ticket = url.searchParams.get('ticket') ?? '';
      // Single use, as the real server: a reused or unknown ticket is refused.
      if (!this.tickets.delete(ticket)) return socket.close(1008, 'ticket');
      socket.send(JSON.stringify({ type: 'subscribed', channel: USER }));
      socket.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        this.received.push(frame);
        if (frame.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        if (frame.type === 'subscribe') {
          socket.send(
            JSON.stringify(
              frame.channel === FOREIGN
                ? { type: 'error', code: 'FORBIDDEN_CHANNEL', message: 'no', channel: frame.channel }
                : frame.channel === COMPANY
                  ? this.confirmCompany()
                  : { type: 'subscribed', channel: frame.channel },
            ),
          );
        }
      });
    });
  }

  private confirmCompany() {
    const now = Date.now() + 3_600_000;
    const ago = this.companyChangedAgo;
    return { type: 'subscribed', channel: COMPANY, lastEventAt: ago === null ? null : now - ago, now };
  }

  get url() {
    return `ws://127.0.0.1:${(this.wss.address() as AddressInfo).port}/api/realtime`;
  }
  issue = async () => {
    const ticket = `ticket-${++this.counter}`;
    this.tickets.add(ticket);
    return { ticket };
  };
  publish(channel: string, message: object) {
    for (const c of this.wss.clients) c.send(JSON.stringify({ ...message, channel }));
  }
  closeAll(code: number, reason: string) {
    for (const c of this.wss.clients) c.close(code, reason);
  }
  close() {
    for (const c of this.wss.clients) c.terminate();
    return new Promise<void>((r) => this.wss.close(() => r()));
  }
}

let server: ProtocolServer;
let client: RealtimeClient | null = null;
beforeEach(async () => {
  server = new ProtocolServer();
  await new Promise((r) => server.wss.once('listening', r));
});
afterEach(async () => {
  client?.stop();
  client = null;
  await server.close();
});

const until = async (cond: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

function makeClient(over: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  client = new RealtimeClient({
    getTicket: server.issue,
    url: server.url,
    WebSocket: WebSocket as unknown as SocketFactory,
    initialDelayMs: 20,
    maxDelayMs: 200,
    ...over,
  });
  return client;
}

describe('RealtimeClient', () => {
  it('says when a held channel last changed, on the tab’s clock (the server’s runs an hour ahead)', async () => {
    const c = makeClient();
    const held: Array<[string, number | null]> = [];
    c.onSubscribed((channel, at) => held.push([channel, at]));
    server.companyChangedAgo = 5_000;
    c.subscribe(COMPANY);
    const started = Date.now();
    c.start();
    await until(() => held.some(([ch]) => ch === COMPANY));
    const [, at] = held.find(([ch]) => ch === COMPANY)!;
    // Five seconds before the answer, on this clock (the answer's way here makes it seem later, never earlier).
    expect(at).toBeGreaterThanOrEqual(started - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() - 5_000 + 50);
    expect(held.find(([ch]) => ch === USER)).toEqual([USER, null]);
    c.stop();
    server.companyChangedAgo = null;
    held.length = 0;
    c.start();
    await until(() => held.some(([ch]) => ch === COMPANY));
    expect(held.find(([ch]) => ch === COMPANY)).toEqual([COMPANY, null]);
  });

  it('connects with a ticket and basename, subscribes, and hands messages to channel and type handlers', async () => {
    const c = makeClient();
    const statuses: RealtimeStatus[] = [];
    c.onStatus((s) => statuses.push(s));
    const byChannel: RealtimeEvent[] = [];
    const byType: RealtimeEvent[] = [];
    c.subscribe(COMPANY, (e) => byChannel.push(e));
    c.on('listing_changed', (e) => byType.push(e));
    c.start();
    await until(() => server.received.some((f) => f.type === 'subscribe' && f.channel === COMPANY));
    expect(statuses).toEqual(['connecting', 'open']);
    expect(server.urls[0]).toMatch(/^\/api\/realtime\?basename=%2Fadmin&ticket=ticket-1$/);
    server.publish(COMPANY, { type: 'listing_changed', resource: 'users' });
    server.publish(COMPANY, { type: 'not_a_message_type' });
    await until(() => byChannel.length > 0 && byType.length > 0);
    expect(byChannel).toEqual([{ type: 'listing_changed', resource: 'users', channel: COMPANY }]);
    expect(byType).toEqual(byChannel);
  });

  it('reconnects after the server restarts, with a new ticket, and resubscribes', async () => {
    const c = makeClient();
    const statuses: RealtimeStatus[] = [];
    c.onStatus((s) => statuses.push(s));
    c.subscribe(COMPANY);
    c.start();
    await until(() => c.status === 'open');
    server.closeAll(1012, 'server restarting');
    await until(() => server.urls.length === 2 && c.status === 'open');
    expect(statuses).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(server.urls[1]).toContain('ticket=ticket-2');
    await until(() => server.received.filter((f) => f.type === 'subscribe' && f.channel === COMPANY).length === 2);
  });

  it('keeps retrying with backoff while tickets cannot be had, then connects', async () => {
    let failures = 3;
    const c = makeClient({
      getTicket: async () => {
        if (failures-- > 0) throw new Error('network down');
        return server.issue();
      },
    });
    c.start();
    await until(() => c.status === 'reconnecting');
    await until(() => c.status === 'open');
    expect(failures).toBe(-1);
  });

  it('stops at once when the ticket is refused (401 or 403), without a retry loop', async () => {
    for (const status of [401, 403]) {
      let asked = 0;
      const statuses: RealtimeStatus[] = [];
      const c = makeClient({
        getTicket: async () => {
          asked += 1;
          throw Object.assign(new Error('refused'), { status });
        },
      });
      c.onStatus((s) => statuses.push(s));
      c.start();
      await until(() => c.status === 'closed');
      // Several backoff periods later (20 ms, then 40, 80 …): still one request, still closed.
      await new Promise((r) => setTimeout(r, 300));
      expect(asked, `${status}`).toBe(1);
      expect(statuses, `${status}`).toEqual(['connecting', 'closed']);
      expect(server.urls).toEqual([]);
      c.stop();
    }
  });

  it('retries an unavailable API (503) and a network error with backoff', async () => {
    const failures: unknown[] = [Object.assign(new Error('unavailable'), { status: 503 }), new TypeError('fetch')];
    const c = makeClient({
      getTicket: async () => {
        const failure = failures.shift();
        if (failure) throw failure;
        return server.issue();
      },
    });
    c.start();
    await until(() => c.status === 'reconnecting');
    await until(() => c.status === 'open');
    expect(failures).toEqual([]);
  });

  it('stops and reports the sign-out on user_logged_out, without reconnecting', async () => {
    const loggedOut: Array<RealtimeEvent | null> = [];
    const c = makeClient({ onLoggedOut: (e) => loggedOut.push(e) });
    c.start();
    await until(() => c.status === 'open');
    server.publish(USER, { type: 'user_logged_out', sessionId: 's1' });
    server.closeAll(4001, 'session ended');
    await until(() => loggedOut.length === 1);
    expect(loggedOut[0]).toMatchObject({ type: 'user_logged_out', sessionId: 's1', channel: USER });
    expect(c.status).toBe('closed');
    await new Promise((r) => setTimeout(r, 150));
    expect(server.urls).toHaveLength(1);
  });

  it('treats close code 4001 alone as the end of the session', async () => {
    const loggedOut: Array<RealtimeEvent | null> = [];
    const c = makeClient({ onLoggedOut: (e) => loggedOut.push(e) });
    c.start();
    await until(() => c.status === 'open');
    server.closeAll(4001, 'session ended');
    await until(() => loggedOut.length === 1);
    expect(loggedOut).toEqual([null]);
    expect(c.status).toBe('closed');
  });

  it('reports a refused channel and stops asking for it after reconnects', async () => {
    const refused: string[] = [];
    const c = makeClient({ onChannelError: (ch, code) => refused.push(`${ch} ${code}`) });
    c.subscribe(FOREIGN);
    c.subscribe(COMPANY);
    c.start();
    await until(() => refused.length === 1);
    expect(refused).toEqual([`${FOREIGN} FORBIDDEN_CHANNEL`]);
    server.closeAll(1012, 'server restarting');
    await until(() => server.urls.length === 2 && c.status === 'open');
    await until(() => server.received.filter((f) => f.channel === COMPANY).length === 2);
    expect(server.received.filter((f) => f.channel === FOREIGN)).toHaveLength(1);
  });

  it('replaces a connection that stops answering pings', async () => {
    const c = makeClient({ pingIntervalMs: 30, pongTimeoutMs: 40 });
    c.start();
    await until(() => c.status === 'open');
    // The server stops reading this socket's frames, as a dead peer would.
    for (const s of server.wss.clients) s.removeAllListeners('message');
    await until(() => server.urls.length === 2 && c.status === 'open', 3_000);
  });

  it('spreads retries: exponential, capped, with jitter', () => {
    const low = new RealtimeClient({
      getTicket: server.issue,
      initialDelayMs: 100,
      maxDelayMs: 1_000,
      random: () => 0,
    });
    const high = new RealtimeClient({
      getTicket: server.issue,
      initialDelayMs: 100,
      maxDelayMs: 1_000,
      random: () => 1,
    });
    expect([0, 1, 2, 3, 4, 10].map((a) => low.nextDelay(a))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([0, 1, 2, 3, 4, 10].map((a) => high.nextDelay(a))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it('stop() closes the socket and does not come back', async () => {
    const c = makeClient();
    c.start();
    await until(() => c.status === 'open');
    c.stop();
    expect(c.status).toBe('closed');
    await until(() => server.wss.clients.size === 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.urls).toHaveLength(1);
  });
});
