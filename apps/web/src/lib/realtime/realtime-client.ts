import {
  CLOSE_CODES,
  isMessageType,
  type MessageType,
  parseChannel,
  REALTIME_PATH,
  type RealtimeErrorCode,
  type RealtimeMessage,
} from '@wac/shared/realtime';

/** What the UI shows: a discreet "reconnecting" indicator for `reconnecting`. */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** A message as delivered: the bus message plus the channel it came on. */
export type RealtimeEvent = RealtimeMessage & { channel: string };

/** The part of the browser WebSocket the client uses (the `ws` package's WebSocket fits too). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = new (url: string) => SocketLike;

export interface RealtimeClientOptions {
  /** Gets a fresh single-use ticket through the app's API client (POST /api/realtime/ticket). */
  getTicket: () => Promise<{ ticket: string }>;
  /** Socket base URL; defaults to ws(s)://{current host}/api/realtime. */
  url?: string;
  basename?: string;
  WebSocket?: SocketFactory;
  /** First retry delay, doubled per failed attempt up to maxDelayMs, with jitter. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** An application ping; a socket that does not answer within pongTimeoutMs is replaced. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
  /** The session ended (revoked, logged out elsewhere): the app signs out. The client has stopped. */
  onLoggedOut?: (event: RealtimeEvent | null) => void;
  /** A channel was refused or taken away (FORBIDDEN_CHANNEL …); the client stops asking for it. */
  onChannelError?: (channel: string, code: RealtimeErrorCode) => void;
}

type Handler = (event: RealtimeEvent) => void;

const OPEN = 1;

/** An API error (lib/api-client's ApiError, or anything with its `status`) that says no for good. */
const isRefusal = (e: unknown) => {
  const status = (e as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};

/**
 * One socket per tab: authenticates with a ticket, keeps the wanted channels subscribed across
 * reconnects (exponential backoff with jitter, a new ticket each time) and hands messages to
 * handlers by channel and by type. Missed messages are not replayed: the API refuses a revoked
 * session anyway, and the server re-checks sessions on its own.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private statusValue: RealtimeStatus = 'closed';
  private readonly statusListeners = new Set<(s: RealtimeStatus) => void>();
  private readonly channels = new Map<string, Set<Handler>>();
  private readonly typeHandlers = new Map<string, Set<Handler>>();
  private readonly subscribedListeners = new Set<(channel: string, lastEventAt: number | null) => void>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  /** Bumped on every connect, so late callbacks of an old socket are ignored. */
  private generation = 0;
  private readonly opts: Required<Omit<RealtimeClientOptions, 'url' | 'onLoggedOut' | 'onChannelError' | 'WebSocket'>> &
    RealtimeClientOptions;

  constructor(options: RealtimeClientOptions) {
    this.opts = {
      basename: '/admin',
      initialDelayMs: 500,
      maxDelayMs: 30_000,
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      random: Math.random,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  onStatus(listener: (s: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Wants `channel` (now and after every reconnect); `handler` gets its messages. */
  subscribe(channel: string, handler?: Handler): () => void {
    let set = this.channels.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    const h: Handler = handler ?? (() => {});
    set.add(h);
    if (isNew) this.sendFrame({ type: 'subscribe', channel });
    return () => {
      const current = this.channels.get(channel);
      if (!current?.delete(h) || current.size > 0) return;
      this.channels.delete(channel);
      this.sendFrame({ type: 'unsubscribe', channel });
    };
  }

  /**
   * Called when the server holds a channel for this socket, with when (this tab's clock, ms) the
   * channel's last message before that was published, or null when none is known: a message
   * published before the channel was held never arrives, so what was read before it is stale.
   */
  onSubscribed(listener: (channel: string, lastEventAt: number | null) => void): () => void {
    this.subscribedListeners.add(listener);
    return () => this.subscribedListeners.delete(listener);
  }

  /** Handles every message of a type, whatever its channel. */
  on(type: MessageType, handler: Handler): () => void {
    let set = this.typeHandlers.get(type);
    if (!set) {
      set = new Set();
      this.typeHandlers.set(type, set);
    }
    set.add(handler);
    return () => this.typeHandlers.get(type)?.delete(handler);
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.setStatus('connecting');
    void this.connect();
  }

  stop() {
    this.running = false;
    this.generation += 1;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'client stopped');
    this.setStatus('closed');
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const l of [...this.statusListeners]) l(status);
  }

  private socketUrl(ticket: string): string {
    const base =
      this.opts.url ??
      `${globalThis.location.protocol === 'https:' ? 'wss' : 'ws'}://${globalThis.location.host}${REALTIME_PATH}`;
    const query = new URLSearchParams({ basename: this.opts.basename, ticket });
    return `${base}?${query}`;
  }

  private async connect() {
    const generation = ++this.generation;
    let ticket: string;
    try {
      ({ ticket } = await this.opts.getTicket());
    } catch (e) {
      if (generation !== this.generation) return;
      // Signed out (401) or not allowed on this Host (403): asking again gets the same answer, so
      // the client stops; a new session starts it again. Anything else (the network, a 5xx) is retried.
      if (isRefusal(e)) return this.stop();
      this.scheduleRetry();
      return;
    }
    if (generation !== this.generation || !this.running) return;
    const Ctor = this.opts.WebSocket ?? (globalThis.WebSocket as unknown as SocketFactory);
    let socket: SocketLike;
    try {
      socket = new Ctor(this.socketUrl(ticket));
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (generation !== this.generation) return;
      this.attempt = 0;
      this.setStatus('open');
      for (const channel of this.channels.keys()) this.sendFrame({ type: 'subscribe', channel });
      // A new socket counts as active; an idle tab says so again.
      if (this.idle) this.sendFrame({ type: 'activity', active: false });
      this.startPing(generation);
    };
    socket.onmessage = (ev) => {
      if (generation !== this.generation || typeof ev.data !== 'string') return;
      this.onFrame(ev.data);
    };
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (generation !== this.generation) return;
      this.socket = null;
      this.clearTimers();
      if (ev.code === CLOSE_CODES.SESSION_ENDED) return this.loggedOut(null);
      // A newer tab of this session took this socket's place: reconnecting would only push out another.
      if (ev.code === CLOSE_CODES.REPLACED) return this.stop();
      if (this.running) this.scheduleRetry();
    };
  }

  private onFrame(data: string) {
    let frame: { type?: unknown; channel?: unknown; code?: unknown };
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (frame.type === 'pong') {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      return;
    }
    const channel = typeof frame.channel === 'string' ? frame.channel : null;
    if (frame.type === 'subscribed') {
      if (channel) this.subscribed(channel, frame as { lastEventAt?: unknown; now?: unknown });
      return;
    }
    if (frame.type === 'error' || frame.type === 'unsubscribed') {
      const code = frame.type === 'error' ? frame.code : (frame as { reason?: unknown }).reason;
      if (channel && typeof code === 'string') this.dropChannel(channel, code as RealtimeErrorCode);
      return;
    }
    if (!isMessageType(frame.type) || !channel) return;
    const event = frame as RealtimeEvent;
    for (const h of [...(this.channels.get(channel) ?? [])]) h(event);
    for (const h of [...(this.typeHandlers.get(event.type) ?? [])]) h(event);
    // Only the user's own channel can end the session; the server sends it only to that session's sockets.
    if (event.type === 'user_logged_out' && parseChannel(channel)?.kind === 'user') this.loggedOut(event);
  }

  private subscribed(channel: string, { lastEventAt, now }: { lastEventAt?: unknown; now?: unknown }) {
    // The server's clock, moved onto this tab's: the time from the event to the answer, counted back
    // from now. The frame's way here only makes the event seem later (more is read again, never less).
    const at =
      typeof lastEventAt === 'number' && typeof now === 'number' ? Date.now() - Math.max(0, now - lastEventAt) : null;
    for (const l of [...this.subscribedListeners]) l(channel, at);
  }

  private dropChannel(channel: string, code: RealtimeErrorCode) {
    // Refusals other than "not allowed" (BAD_FRAME, UNAVAILABLE) are retried at the next reconnect.
    if (code === 'FORBIDDEN_CHANNEL' || code === 'UNKNOWN_CHANNEL' || code === 'TOO_MANY_SUBSCRIPTIONS') {
      this.channels.delete(channel);
    }
    this.opts.onChannelError?.(channel, code);
  }

  private loggedOut(event: RealtimeEvent | null) {
    if (!this.running) return;
    this.stop();
    this.opts.onLoggedOut?.(event);
  }

  private idle = false;
  /** Tells the server whether this tab's user is active (presence: away once every tab is idle). */
  activity(active: boolean) {
    if (this.idle === !active) return;
    this.idle = !active;
    this.sendFrame({ type: 'activity', active });
  }

  private sendFrame(frame: object) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private startPing(generation: number) {
    this.pingTimer = setInterval(() => {
      if (generation !== this.generation || this.pongTimer) return;
      this.sendFrame({ type: 'ping' });
      this.pongTimer = setTimeout(() => {
        // No answer: the connection is dead without having said so; replace it.
        if (generation !== this.generation) return;
        this.pongTimer = null;
        const socket = this.socket;
        this.socket = null;
        this.generation += 1;
        this.clearTimers();
        socket?.close(4000, 'no pong');
        this.scheduleRetry();
      }, this.opts.pongTimeoutMs);
    }, this.opts.pingIntervalMs);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.retryTimer = this.pingTimer = this.pongTimer = null;
  }

  /** Delay before the next attempt: exponential, capped, with "equal jitter" so tabs spread out. */
  nextDelay(attempt: number): number {
    const ceiling = Math.min(this.opts.maxDelayMs, this.opts.initialDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (ceiling / 2) * this.opts.random());
  }

  private scheduleRetry() {
    if (!this.running) return;
    this.setStatus('reconnecting');
    const delay = this.nextDelay(this.attempt);
    this.attempt += 1;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) void this.connect();
    }, delay);
  }
}
