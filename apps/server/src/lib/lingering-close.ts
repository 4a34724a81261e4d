import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A lingering close, as nginx does it. When the server answers before it has read the request's
 * body (413 for a body over the limit), the answer says `Connection: close` and Node closes the
 * socket at once. Closing a socket with unread bytes makes the kernel send a reset instead of a
 * clean end, and a client still busy writing then sees "connection reset" and may never read the
 * answer that was already on its way. Here the server ends its side instead and keeps reading (and
 * dropping) what the client still sends, until the client closes, sends nothing for `idleMs`, or
 * `maxMs` have passed; only then is the socket destroyed.
 */
export function lingerAfterEarlyAnswer(server: Server, { maxMs = 5_000, idleMs = 1_000 } = {}) {
  const lastRequest = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => {
    const socket = req.socket as Socket & { destroySoon?: () => void };
    if (!lastRequest.has(socket) && typeof socket.destroySoon === 'function') {
      const destroySoon = socket.destroySoon.bind(socket);
      // Node's HTTP server calls destroySoon after the last answer on a connection.
      socket.destroySoon = () => {
        const last = lastRequest.get(socket);
        if (!last || last.complete || socket.destroyed) return destroySoon();
        linger(socket, last, maxMs, idleMs);
      };
    }
    lastRequest.set(socket, req);
  });
}

type Handle = { reading?: boolean; readStart?: () => number };

function linger(socket: Socket, req: IncomingMessage, maxMs: number, idleMs: number) {
  const close = () => {
    clearTimeout(deadline);
    clearInterval(idle);
    socket.destroy();
  };
  const deadline = setTimeout(close, maxMs);
  // The HTTP parser reads the socket itself (no 'data' events), so progress is its byte count.
  let read = socket.bytesRead;
  const idle = setInterval(() => {
    if (socket.bytesRead === read) close();
    read = socket.bytesRead;
  }, idleMs);
  socket.once('end', close);
  socket.once('close', close);
  // What still arrives is read and dropped (the request is already dumped), so the client's writes
  // never stall on a full window. A request the handler never read has its reading stopped inside
  // Node; it is started again on the handle.
  req.resume();
  socket.resume();
  const handle = (socket as unknown as { _handle?: Handle })._handle;
  if (handle && !handle.reading && typeof handle.readStart === 'function') {
    handle.reading = true;
    handle.readStart();
  }
  socket.end();
}
