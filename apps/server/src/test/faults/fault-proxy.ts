import net from 'node:net';

export type ProxyMode = 'up' | 'refuse' | 'blackhole';

/**
 * A TCP proxy between server processes and a dependency (PostgreSQL, Redis) that a test can break:
 * `refuse` closes the listening socket and resets every open connection (the dependency is down or
 * restarting); `blackhole` keeps accepting but forwards nothing either way (a partition, a hung
 * host); `restore` brings it back (a blackholed connection resumes where it stopped, as after a
 * healed partition).
 */
export interface FaultProxy {
  port: number;
  url(scheme: string, path?: string): string;
  mode(): ProxyMode;
  refuse(): Promise<void>;
  blackhole(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'up';
  const pairs = new Set<Pair>();
  let port = 0;

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.setNoDelay(true);
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    const end = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on('error', end);
    upstream.on('close', end);
    pair.client.resume();
  };

  const onConnection = (client: net.Socket) => {
    if (mode === 'refuse') return client.resetAndDestroy();
    client.setNoDelay(true);
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      pair.upstream?.destroy();
      pairs.delete(pair);
    };
    client.on('error', end);
    client.on('close', end);
    if (mode === 'blackhole') {
      client.pause();
      return;
    }
    connectUpstream(pair);
  };

  let server = net.createServer(onConnection);
  const listen = (s: net.Server, p: number) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(p, '127.0.0.1', () => resolve((s.address() as net.AddressInfo).port));
    });
  port = await listen(server, 0);

  const closeServer = (s: net.Server) => new Promise<void>((resolve) => s.close(() => resolve()));

  return {
    port,
    url: (scheme, path = '') => `${scheme}://127.0.0.1:${port}${path}`,
    mode: () => mode,
    async refuse() {
      mode = 'refuse';
      const closing = closeServer(server);
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
        pairs.delete(pair);
      }
      await closing;
    },
    blackhole() {
      mode = 'blackhole';
      for (const pair of pairs) {
        pair.client.unpipe();
        pair.upstream?.unpipe();
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    async restore() {
      const was = mode;
      mode = 'up';
      if (was === 'refuse') {
        server = net.createServer(onConnection);
        // The same port again: the processes keep their configured address.
        for (let i = 0; ; i++) {
          try {
            await listen(server, port);
            break;
          } catch (err) {
            if (i > 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } else if (was === 'blackhole') {
        for (const pair of pairs) {
          if (!pair.upstream) {
            connectUpstream(pair);
            continue;
          }
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
          pair.client.resume();
          pair.upstream.resume();
        }
      }
    },
    async close() {
      mode = 'refuse';
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      pairs.clear();
      await closeServer(server);
    },
  };
}

/** A free TCP port on the loopback (the kernel picks; released at once for a child process to take). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
