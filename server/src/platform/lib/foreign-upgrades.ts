import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

const BODY_UNSUPPORTED = JSON.stringify({ message: 'Upgrade is only supported for the WebSocket of /api/live.' });

/**
 * Requests that ask to upgrade to anything but a WebSocket (`curl --http2` sends `Upgrade: h2c`,
 * scanners send anything) reach Node's 'upgrade' event once a WebSocket handler listens, and
 * @hono/node-server's handler returns without answering them, so the socket stayed open
 * forever: a hung client, a free way to hold connections, and a shutdown that waited its full
 * timeout. The upgrade is optional for the server (RFC 9110, 7.8): a GET or HEAD is served as
 * usual over HTTP/1.1 and the connection closed after it. Any other method gets a 400: Node has
 * already detached the parser, so its body cannot be read.
 *
 * Wraps the server's one 'upgrade' listener rather than adding a second: @hono/node-server rejects
 * a refused WebSocket handshake itself only while it is the only listener.
 */
export function answerForeignUpgrades(server: Server): void {
  const listeners = server.listeners('upgrade') as Array<(request: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket' && listeners.length > 0) {
      for (const listener of listeners) listener.call(server, request, socket, head);
      return;
    }
    socket.on('error', () => socket.destroy());
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY_UNSUPPORTED)}\r\n\r\n${BODY_UNSUPPORTED}`,
      );
      return;
    }
    // A GET or HEAD has no body: end its stream, and answer it through the usual 'request' path.
    request.push(null);
    // An upgrade's socket is the connection's net.Socket, typed as a Duplex by the event.
    const connection = socket as Socket;
    const response = new ServerResponse(request);
    response.shouldKeepAlive = false;
    response.assignSocket(connection);
    response.once('finish', () => {
      response.detachSocket(connection);
      socket.end();
    });
    server.emit('request', request, response);
  });
}
