import WebSocket from 'ws';

export interface Frame {
  type: string;
  channel?: string;
  code?: string;
  [key: string]: unknown;
}

export type Opened =
  | { ok: true; client: TestSocket }
  | { ok: false; status: number; body: { code?: string; message?: string } };

/**
 * A `ws` client as a browser would be: Host of a company sub-domain (Node does not resolve
 * *.localhost, so it dials 127.0.0.1 with the Host header) and the page's Origin.
 */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string; at: number }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString(), at: performance.now() })),
    );
  }

  static open(
    port: number,
    opts: { ticket: string; host: string; origin?: string | null; basename?: string; path?: string },
  ): Promise<Opened> {
    const query = new URLSearchParams({ basename: opts.basename ?? '/admin', ticket: opts.ticket });
    const origin = opts.origin === undefined ? `http://${opts.host}:${port}` : opts.origin;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${opts.path ?? '/api/realtime'}?${query}`, {
      headers: { host: `${opts.host}:${port}` },
      ...(origin === null ? {} : { origin }),
    });
    return new Promise((resolve, reject) => {
      const client = new TestSocket(ws);
      ws.once('open', () => resolve({ ok: true, client }));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => {
          ws.terminate();
          resolve({ ok: false, status: res.statusCode ?? 0, body: body ? JSON.parse(body) : {} });
        });
      });
      ws.once('error', (err) => {
        if (ws.readyState !== WebSocket.CLOSED) reject(err);
      });
    });
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (f: Frame) => boolean, timeoutMs = 2_000, since = 0): Promise<Frame> {
    const seen = this.frames.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (f: Frame) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async subscribe(channel: string): Promise<Frame> {
    const since = this.frames.length;
    this.send({ type: 'subscribe', channel });
    return this.next((f) => f.channel === channel && (f.type === 'subscribed' || f.type === 'error'), 2_000, since);
  }

  close() {
    this.ws.close();
  }
}
