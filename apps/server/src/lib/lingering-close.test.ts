// ci: runs once (whatever TEST_DB says, this file's databases are its own: scripts/test.mjs)
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lingerAfterEarlyAnswer } from './lingering-close';

const MB = 1024 * 1024;

interface Sent {
  status: number;
  /** The client's socket failed (a reset): the answer may never have been read. */
  reset: boolean;
}

/** Posts `totalMb` of body as fast as the socket takes it, stopping once an answer arrives. */
function post(port: number, opts: { chunked: boolean; totalMb: number }): Promise<Sent> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(MB, 'a');
    const framed = Buffer.concat([Buffer.from(`${MB.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const total = opts.totalMb * MB;
    let sent = 0;
    let answer = '';
    let reset = false;
    s.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    s.on('error', () => {
      reset = true;
    });
    // The server ending its side is what closes the connection here; the client only stops writing.
    s.on('end', () => s.end());
    s.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), reset }));
    s.write(
      `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${
        opts.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`
      }\r\n\r\n`,
    );
    const pump = () => {
      while (sent < total && !s.destroyed && !answer) {
        const ok = s.write(opts.chunked ? framed : chunk);
        sent += chunk.length;
        if (!ok) return void s.once('drain', pump);
      }
    };
    pump();
  });
}

describe('lingering close after an answer sent before the body was read', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: MB });
    lingerAfterEarlyAnswer(app.server, { maxMs: 3_000, idleMs: 300 });
    app.post('/echo', async (request) => ({ size: JSON.stringify(request.body).length }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('lets a client still sending a body over the limit read its 413, with no reset, sized or chunked', async () => {
    const answers: Sent[] = [];
    for (let i = 0; i < 10; i++) answers.push(await post(port, { chunked: i % 2 === 1, totalMb: 64 }));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(413));
    expect(answers.filter((a) => a.reset)).toEqual([]);
  });

  it('closes a lingering connection the client keeps open but silent after the idle time', async () => {
    const s = net.connect(port, '127.0.0.1');
    let answer = '';
    s.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    s.on('error', () => undefined);
    const started = performance.now();
    const closed = new Promise<number>((resolve) => s.on('close', () => resolve(performance.now() - started)));
    s.write(`POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${8 * MB}\r\n\r\n`);
    s.write(Buffer.alloc(64 * 1024, 'a'));
    // It neither ends nor sends more: the server must not keep the socket for the whole maximum.
    const ms = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(ms).toBeLessThan(2_500);
  });

  it('keeps a complete request on a kept-alive connection as it was', async () => {
    const s = net.connect(port, '127.0.0.1');
    let answer = '';
    s.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    const body = '{"a":1}';
    const request = `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    s.write(request + request);
    const deadline = performance.now() + 2_000;
    while ((answer.match(/HTTP\/1\.1 200/g) ?? []).length < 2 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((answer.match(/HTTP\/1\.1 200/g) ?? []).length).toBe(2);
    expect(s.destroyed).toBe(false);
    s.destroy();
  });
});
