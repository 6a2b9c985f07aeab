import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A front for the server, as a phone's connection: it can let lesson videos through slowly, so a download
 * is still under way when a journey stops the server (everything else passes at full speed), write down
 * what the phone asked for, and cut the network. On
 * loopback the server hands the whole (small) file to the proxy at once, so stopping it alone would not cut
 * what the proxy still holds: `dropConnections` breaks the phone's connections as the stop does on a real
 * network; new requests then fail until the server is back.
 */
export interface SlowProxy {
  baseUrl: string;
  /**
   * Every request the phone sent, `METHOD /path?query` in order: the service worker's own downloads too,
   * which a page's request events do not show (issue 18: a French phone never downloads the English files).
   */
  readonly requests: readonly string[];
  dropConnections(): void;
  /**
   * Lesson videos slow (the default, when the proxy was started with a rate) or at full speed: a journey
   * that needed a download under way lets the rest of it through at once.
   */
  setThrottled(throttled: boolean): void;
  /** The network gone: while offline every connection is cut at once, whatever the browser's cache. */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export async function startSlowProxy(options: {
  port: number;
  upstreamPort: number;
  /** Bytes per tick for /media/videos/*.mp4 responses; without it everything passes at full speed. */
  chunkBytes?: number;
  tickMs?: number;
}): Promise<SlowProxy> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let offline = false;
  let throttled = true;
  const { chunkBytes = 0, tickMs = 0 } = options;
  const server: Server = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${incoming.url}`);
    const slow = throttled && chunkBytes > 0 && /^\/media\/videos\/[^?]+\.mp4/.test(incoming.url ?? '');
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
            outgoing.write(pending.subarray(0, chunkBytes));
            pending = pending.subarray(chunkBytes);
          }
          if (pending.length === 0) {
            if (ended) {
              clearInterval(timer);
              outgoing.end();
            } else answer.resume();
          }
        }, tickMs);
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
    if (offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${options.port}`,
    requests,
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    setThrottled(value) {
      throttled = value;
    },
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
