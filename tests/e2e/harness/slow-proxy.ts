import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A front for the server that lets lesson videos through slowly, as a phone's connection would, so a
 * download is still under way when a journey stops the server. Everything else passes at full speed. On
 * loopback the server hands the whole (small) file to the proxy at once, so stopping it alone would not cut
 * what the proxy still holds: `dropConnections` breaks the phone's connections as the stop does on a real
 * network; new requests then fail until the server is back.
 */
export interface SlowProxy {
  baseUrl: string;
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startSlowProxy(options: {
  port: number;
  upstreamPort: number;
  /** Bytes per tick for /media/videos/*.mp4 responses. */
  chunkBytes: number;
  tickMs: number;
}): Promise<SlowProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, outgoing) => {
    const slow = /^\/media\/videos\/[^?]+\.mp4/.test(incoming.url ?? '');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: options.upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!slow) {
          answer.pipe(outgoing);
          return;
        }
        let pending = Buffer.alloc(0);
        let ended = false;
        answer.on('data', (chunk: Buffer) => {
          pending = Buffer.concat([pending, chunk]);
          answer.pause();
        });
        answer.on('end', () => {
          ended = true;
        });
        const timer = setInterval(() => {
          if (pending.length > 0) {
            outgoing.write(pending.subarray(0, options.chunkBytes));
            pending = pending.subarray(options.chunkBytes);
          }
          if (pending.length === 0) {
            if (ended) {
              clearInterval(timer);
              outgoing.end();
            } else answer.resume();
          }
        }, options.tickMs);
        // The server stopped mid-answer: the student's connection breaks with it.
        answer.on('error', () => {
          clearInterval(timer);
          outgoing.destroy();
        });
        answer.on('aborted', () => {
          clearInterval(timer);
          outgoing.destroy();
        });
        outgoing.on('close', () => clearInterval(timer));
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${options.port}`,
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
