import http from 'node:http';
import net from 'node:net';

/**
 * The smallest load balancer that behaves like a real one during a deploy: round-robin over the
 * backends, a fresh connection per request, and a backend whose port refuses a connection is taken
 * out of rotation and the request is tried on the next one (nothing has reached that backend, so
 * this is safe for any method). A connection reset before any answer is tried once more elsewhere. Any other failure is answered 502 and counted: it is a request
 * the client saw fail. WebSocket upgrades are balanced the same way.
 */
export interface Balancer {
  port: number;
  /** Backends still in rotation. */
  live(): number[];
  /** Requests answered 502 because a backend failed after accepting the connection. */
  failures: number;
  /** Requests tried again after a reset with no answer (once each). */
  emptyRetries: number;
  close(): Promise<void>;
}

export async function startBalancer(backends: number[]): Promise<Balancer> {
  const live = [...backends];
  let next = 0;
  const state = { failures: 0, emptyRetries: 0 };
  const pick = () => {
    if (!live.length) return undefined;
    next = (next + 1) % live.length;
    return live[next];
  };
  const drop = (port: number) => {
    const i = live.indexOf(port);
    if (i >= 0) live.splice(i, 1);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let retried = false;
      const attempt = () => {
        const port = pick();
        if (port === undefined) {
          state.failures += 1;
          res.writeHead(502).end();
          return;
        }
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code === 'ECONNREFUSED') {
            drop(port);
            attempt();
            return;
          }
          // Reset before a single byte of answer: HAProxy's `retry-on empty-response`. It happens
          // when the kernel had completed a connection that the process never accepted before it
          // closed its listening socket. A write the process did handle is not hidden by this: its
          // retry answers a conflict (the same invitation again), which the load generator counts.
          if (err.code === 'ECONNRESET' && !res.headersSent && !retried) {
            retried = true;
            state.emptyRetries += 1;
            attempt();
            return;
          }
          state.failures += 1;
          if (!res.headersSent)
            res
              .writeHead(502, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: err.code ?? err.message }));
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    const preamble = `${lines.join('\r\n')}\r\n\r\n`;
    client.on('error', () => undefined);
    const attempt = () => {
      const port = pick();
      if (port === undefined) return client.destroy();
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        upstream.write(preamble);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && !upstream.bytesWritten) {
          drop(port);
          attempt();
          return;
        }
        client.destroy();
      });
      upstream.on('close', () => client.end());
      client.on('close', () => upstream.destroy());
    };
    attempt();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    live: () => [...live],
    get failures() {
      return state.failures;
    },
    get emptyRetries() {
      return state.emptyRetries;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
