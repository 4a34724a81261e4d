import websocket from '@fastify/websocket';
import {
  CLOSE_CODES,
  parseChannel,
  REALTIME_MAX_PAYLOAD_BYTES,
  REALTIME_MAX_SOCKETS_PER_SESSION,
  REALTIME_MAX_SUBSCRIPTIONS,
  type RealtimeErrorCode,
  type RealtimeMessage,
  type ServerFrame,
  userChannel,
} from '@wac/shared/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import type { SocketAccess, SocketGrant } from '../lib/socket-access';
import type { Bus, Unsubscribe } from '../lib/bus';
import { type Presence, type PresenceChange, presenceTabs } from '../lib/presence';

interface Connection extends SocketGrant {
  socket: WebSocket;
  ownChannel: string;
  /** Channels the client asked for (its own user channel from the start). */
  channels: Set<string>;
  badFrames: number;
  windowStart: number;
  framesInWindow: number;
  alive: boolean;
  closed: boolean;
  /** Subscribe/unsubscribe are handled one after the other, so limits cannot be raced. */
  queue: Promise<void>;
}

export interface HubOptions {
  bus: Bus;
  access: SocketAccess;
  log: FastifyBaseLogger;
  /** Presence counts: each socket is a tab; changes are published on the company channel. */
  presence?: Presence;
  /** Heartbeat and session re-check period. */
  sweepMs?: number;
}

const FRAME_WINDOW_MS = 10_000;
const MAX_FRAMES_PER_WINDOW = 100;
const MAX_BAD_FRAMES = 20;
const MAX_BUFFERED_BYTES = 1_048_576;
const MAX_CHANNEL_LENGTH = 200;
const CHECK_BATCH = 1_000;

/**
 * The sockets of this process. Each bus channel is subscribed once per process while a local
 * socket needs it, and each message is serialised once however many sockets it goes to.
 */
export function createSocketHub(opts: HubOptions) {
  const { bus, access, log, presence } = opts;
  // Each socket is a tab of the member's presence (online, away when all tabs idle, offline when none).
  const tabs = presence ? presenceTabs(presence, bus, (err) => log.error({ err }, 'presence update failed')) : null;
  const presenceChange = (conn: Connection, change: PresenceChange) =>
    conn.present ? tabs?.(conn, conn.companyId, conn.userId, change) : undefined;
  const members = new Map<string, Set<Connection>>();
  const busSubs = new Map<string, Unsubscribe>();
  const connections = new Set<Connection>();
  let shuttingDown = false;

  function attach(conn: Connection, channel: string): Promise<void> {
    let set = members.get(channel);
    if (!set) {
      set = new Set();
      members.set(channel, set);
      busSubs.set(
        channel,
        bus.subscribe(channel, (message) => dispatch(channel, message)),
      );
    }
    set.add(conn);
    return busSubs.get(channel)!.ready;
  }

  function detach(conn: Connection, channel: string) {
    const set = members.get(channel);
    if (!set?.delete(conn) || set.size > 0) return;
    members.delete(channel);
    busSubs.get(channel)?.();
    busSubs.delete(channel);
  }

  function sendRaw(conn: Connection, data: string) {
    if (conn.closed || conn.socket.readyState !== conn.socket.OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      close(conn, CLOSE_CODES.TOO_SLOW, 'too slow to read messages');
      return;
    }
    conn.socket.send(data);
  }
  const send = (conn: Connection, frame: ServerFrame) => sendRaw(conn, JSON.stringify(frame));

  /** Held; when the channel last changed tells the tab whether it missed something before. */
  const confirm = async (conn: Connection, channel: string) => {
    const lastEventAt = await bus.lastEventAt(channel);
    send(conn, { type: 'subscribed', channel, lastEventAt, now: Date.now() });
  };

  function close(conn: Connection, code: number, reason: string) {
    if (conn.closed) return;
    conn.closed = true;
    cleanup(conn);
    conn.socket.close(code, reason);
  }

  function cleanup(conn: Connection) {
    if (connections.has(conn)) presenceChange(conn, 'disconnected');
    connections.delete(conn);
    detach(conn, conn.ownChannel);
    for (const channel of conn.channels) detach(conn, channel);
  }

  /** Tells the socket its session is over, then closes it: the client signs out and does not reconnect. */
  function endSession(conn: Connection, frame?: string) {
    const { sessionId, ownChannel: channel } = conn;
    sendRaw(conn, frame ?? JSON.stringify({ type: 'user_logged_out', sessionId, reason: 'session_ended', channel }));
    close(conn, CLOSE_CODES.SESSION_ENDED, 'session ended');
  }

  function dispatch(channel: string, message: RealtimeMessage) {
    const set = members.get(channel);
    if (!set) return;
    const frame = JSON.stringify({ ...message, channel });
    if (message.type === 'company_updated' && parseChannel(channel)?.kind === 'company') {
      // A disabled company loses its members' sockets from its channel (super admins stay).
      recheck([...set]).catch((err) => log.error({ err }, 'realtime re-check failed'));
    }
    for (const conn of [...set]) {
      if (channel === conn.ownChannel) {
        if (message.type === 'user_logged_out') {
          // A message naming one session ends only that session's sockets; one naming a company (an
          // admin's revoke) only the sockets of that company's Host; otherwise all of the user's.
          if (typeof message.sessionId === 'string' && message.sessionId !== conn.sessionId) continue;
          if (typeof message.companyUuid === 'string' && message.companyUuid !== conn.companyId) continue;
          endSession(conn, frame);
          continue;
        }
        if (message.type === 'membership_updated') {
          recheck([conn]).catch((err) => log.error({ err }, 'realtime re-check failed'));
        }
      }
      if (conn.channels.has(channel)) sendRaw(conn, frame);
    }
  }

  function refuse(conn: Connection, code: RealtimeErrorCode, message: string, channel?: string) {
    send(conn, { type: 'error', code, message, ...(channel === undefined ? {} : { channel }) });
    conn.badFrames += 1;
    if (conn.badFrames > MAX_BAD_FRAMES) close(conn, CLOSE_CODES.POLICY_VIOLATION, 'too many bad frames');
  }

  async function subscribe(conn: Connection, channel: string) {
    const target = parseChannel(channel);
    if (!target) return refuse(conn, 'UNKNOWN_CHANNEL', 'No such channel.', channel);
    const already = conn.channels.has(channel);
    if (!already && conn.channels.size >= REALTIME_MAX_SUBSCRIPTIONS) {
      return refuse(conn, 'TOO_MANY_SUBSCRIPTIONS', `At most ${REALTIME_MAX_SUBSCRIPTIONS} channels.`, channel);
    }
    const [live, readers] = await Promise.all([
      access.liveSessions([conn.sessionId]),
      target.kind === 'company' && conn.companyId === target.uuid
        ? access.companyReaders(target.uuid, [conn.userId])
        : Promise.resolve(new Set<string>()),
    ]);
    if (conn.closed) return;
    if (!live.has(conn.sessionId)) return endSession(conn);
    const allowed = target.kind === 'user' ? target.uuid === conn.userId : readers.has(conn.userId);
    if (!allowed) return refuse(conn, 'FORBIDDEN_CHANNEL', 'You may not subscribe to this channel.', channel);
    if (!already) {
      conn.channels.add(channel);
      try {
        await attach(conn, channel);
      } catch {
        conn.channels.delete(channel);
        if (channel !== conn.ownChannel) detach(conn, channel);
        return refuse(conn, 'UNAVAILABLE', 'Subscriptions are unavailable; try again.', channel);
      }
    }
    await confirm(conn, channel);
  }

  function unsubscribe(conn: Connection, channel: string) {
    if (conn.channels.delete(channel) && channel !== conn.ownChannel) detach(conn, channel);
    send(conn, { type: 'unsubscribed', channel });
  }

  function onFrame(conn: Connection, data: RawData, isBinary: boolean) {
    if (conn.closed) return;
    const now = Date.now();
    if (now - conn.windowStart > FRAME_WINDOW_MS) {
      conn.windowStart = now;
      conn.framesInWindow = 0;
    }
    conn.framesInWindow += 1;
    if (conn.framesInWindow > MAX_FRAMES_PER_WINDOW) {
      return close(conn, CLOSE_CODES.POLICY_VIOLATION, 'too many frames');
    }
    if (isBinary) return close(conn, CLOSE_CODES.UNSUPPORTED_DATA, 'binary frames are not accepted');
    let frame: unknown;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      return refuse(conn, 'BAD_FRAME', 'A frame must be a JSON object.');
    }
    if (!frame || typeof frame !== 'object' || Array.isArray(frame)) {
      return refuse(conn, 'BAD_FRAME', 'A frame must be a JSON object.');
    }
    const { type, channel } = frame as { type?: unknown; channel?: unknown };
    if (type === 'ping') return send(conn, { type: 'pong' });
    if (type === 'activity') {
      const { active } = frame as { active?: unknown };
      if (typeof active !== 'boolean')
        return refuse(conn, 'BAD_FRAME', 'An activity frame needs active: true or false.');
      return presenceChange(conn, active ? 'active' : 'idle');
    }
    if (type !== 'subscribe' && type !== 'unsubscribe') {
      return refuse(conn, 'UNKNOWN_TYPE', 'Known frame types: subscribe, unsubscribe, ping, activity.');
    }
    if (typeof channel !== 'string' || channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH) {
      return refuse(conn, 'BAD_FRAME', `A channel name (at most ${MAX_CHANNEL_LENGTH} characters) is required.`);
    }
    conn.queue = conn.queue
      .then(() => (type === 'subscribe' ? subscribe(conn, channel) : unsubscribe(conn, channel)))
      .catch((err) => {
        log.error({ err }, 'realtime frame failed');
        if (!conn.closed) refuse(conn, 'UNAVAILABLE', 'Try again.', channel);
      });
  }

  /** Re-checks sessions and access: a revoked session's socket ends even if the bus message was missed;
   * a member who lost access leaves the company channel. */
  async function recheck(list: Connection[]) {
    const open = list.filter((c) => !c.closed);
    const sessionIds = [...new Set(open.map((c) => c.sessionId))];
    const live = new Set<string>();
    for (let i = 0; i < sessionIds.length; i += CHECK_BATCH) {
      for (const id of await access.liveSessions(sessionIds.slice(i, i + CHECK_BATCH))) live.add(id);
    }
    const byCompany = new Map<string, Connection[]>();
    for (const conn of open) {
      if (conn.closed) continue;
      if (!live.has(conn.sessionId)) {
        endSession(conn);
        continue;
      }
      for (const channel of conn.channels) {
        const target = parseChannel(channel);
        if (target?.kind !== 'company') continue;
        byCompany.set(target.uuid, [...(byCompany.get(target.uuid) ?? []), conn]);
      }
    }
    for (const [companyId, conns] of byCompany) {
      const userIds = [...new Set(conns.map((c) => c.userId))];
      const readers = new Set<string>();
      for (let i = 0; i < userIds.length; i += CHECK_BATCH) {
        for (const id of await access.companyReaders(companyId, userIds.slice(i, i + CHECK_BATCH))) readers.add(id);
      }
      for (const conn of conns) {
        if (conn.closed || readers.has(conn.userId)) continue;
        const channel = [...conn.channels].find((c) => parseChannel(c)?.uuid === companyId)!;
        conn.channels.delete(channel);
        detach(conn, channel);
        send(conn, { type: 'unsubscribed', channel, reason: 'FORBIDDEN_CHANNEL' });
      }
    }
  }

  async function sweep() {
    for (const conn of connections) {
      // No pong since the last sweep: the peer is gone without a close frame.
      if (!conn.alive) {
        conn.closed = true;
        cleanup(conn);
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    await recheck([...connections]);
  }
  // Redis back after an outage: what other processes published meanwhile never came here. Each held
  // channel is confirmed as changed now, so every tab reads again what it shows (catch-up on `subscribed`).
  const offResume = bus.onResume?.(() => {
    const now = Date.now();
    for (const c of connections)
      for (const channel of c.channels) send(c, { type: 'subscribed', channel, lastEventAt: now, now });
  });
  const timer = setInterval(() => {
    sweep().catch((err) => log.error({ err }, 'realtime sweep failed'));
  }, opts.sweepMs ?? 30_000);
  timer.unref();

  return {
    /** Takes over an upgraded socket: subscribes it to its user channel and handles its frames. */
    async connect(socket: WebSocket, grant: SocketGrant) {
      const ownChannel = userChannel(grant.userId);
      const conn: Connection = {
        ...grant,
        socket,
        ownChannel,
        channels: new Set([ownChannel]),
        badFrames: 0,
        windowStart: Date.now(),
        framesInWindow: 0,
        alive: true,
        closed: false,
        queue: Promise.resolve(),
      };
      if (shuttingDown) {
        socket.close(CLOSE_CODES.SERVER_RESTARTING, 'server restarting');
        return;
      }
      connections.add(conn);
      presenceChange(conn, 'connected');
      // One session (one browser's tabs on one Host) holds a bounded number of sockets: the oldest
      // make room for the newest, so a script cannot pile up sockets with one session.
      const same = [...connections].filter((c) => c.sessionId === conn.sessionId);
      for (const old of same.slice(0, Math.max(0, same.length - REALTIME_MAX_SOCKETS_PER_SESSION))) {
        close(old, CLOSE_CODES.REPLACED, 'too many sockets for this session');
      }
      socket.on('message', (data, isBinary) => onFrame(conn, data, isBinary));
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('close', () => {
        conn.closed = true;
        cleanup(conn);
      });
      try {
        await attach(conn, ownChannel);
      } catch {
        return close(conn, CLOSE_CODES.SERVER_RESTARTING, 'real-time backplane unavailable');
      }
      await confirm(conn, ownChannel);
    },
    recheckAll: () => recheck([...connections]),
    sweep,
    stats: () => ({ sockets: connections.size, channels: members.size }),
    /** Closes every socket with "server restarting" so clients reconnect to another process. */
    async shutdown(graceMs = 1_000) {
      shuttingDown = true;
      clearInterval(timer);
      offResume?.();
      const sockets = [...connections].map((c) => c.socket);
      for (const conn of [...connections]) close(conn, CLOSE_CODES.SERVER_RESTARTING, 'server restarting');
      const closed = sockets.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.readyState === s.CLOSED) resolve();
            else s.once('close', () => resolve());
          }),
      );
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closed),
        new Promise<void>((resolve) => {
          graceTimer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(graceTimer);
      for (const s of sockets) if (s.readyState !== s.CLOSED) s.terminate();
      for (const unsubscribe of busSubs.values()) unsubscribe();
      busSubs.clear();
      members.clear();
    },
  };
}
export type SocketHub = ReturnType<typeof createSocketHub>;

declare module 'fastify' {
  interface FastifyInstance {
    sockets: SocketHub;
  }
}

/** The WebSocket server (ws via @fastify/websocket) and this process's socket hub. What it asks the
 * database comes in as `access` (the realtime module's), so infrastructure never imports a module. */
export default fp(async function socket(app: FastifyInstance, opts: { access: SocketAccess }) {
  const hub = createSocketHub({ bus: app.bus, access: opts.access, log: app.log, presence: app.presence });
  app.decorate('sockets', hub);
  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
    preClose: async () => {
      await hub.shutdown();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
    // Errors on an open socket are client-side (bad frames, abrupt disconnects): drop the socket, keep the
    // process. ws has begun its own close (1009 for an oversized frame) when it can: let that frame out.
    errorHandler: (err, socket) => {
      app.log.debug({ err }, 'realtime socket error');
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
  });
});
