import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A front for a server that writes down every request the phone sends (pages, the service worker's own
 * downloads included, which a page's request events do not show) and can play the network gone: while
 * `offline`, every connection is cut as a phone without signal sees it, whatever the browser's cache.
 */
export interface RecordingProxy {
  baseUrl: string;
  /** `METHOD /path?query`, in order. */
  readonly requests: string[];
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export async function startRecordingProxy(options: {
  port: number;
  upstreamPort: number;
}): Promise<RecordingProxy> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let offline = false;
  const server: Server = createServer((incoming, outgoing) => {
    requests.push(`${incoming.method} ${incoming.url}`);
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
        answer.pipe(outgoing);
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
    setOffline(value) {
      offline = value;
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
