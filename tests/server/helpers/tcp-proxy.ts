import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A loopback TCP proxy in front of the test PostgreSQL server that a test can cut and restore: the database
 * "goes away" for the server under test (connections dropped, new ones refused) without stopping the
 * PostgreSQL server that the other test files share.
 */
export interface TcpProxy {
  port: number;
  /** Drops every connection and stops listening: new connections are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port (and forwards again after stall()). */
  restore(): Promise<void>;
  /** Drops every connection; new ones are accepted but nothing is forwarded: a server that hangs. */
  stall(): void;
  /**
   * Cuts as soon as a client sends bytes containing `marker` (e.g. a statement's SQL text), before they reach
   * the server: a transaction dies half-way. Resolves once cut.
   */
  cutWhenSent(marker: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let trigger: { marker: Buffer; fire: () => void } | undefined;
  let stalled = false;
  let server: Server | undefined;
  let port = 0;

  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = createServer((client) => {
        sockets.add(client);
        client.on('error', () => client.destroy());
        if (stalled) return;
        const upstream = tcpConnect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        client.on('data', (chunk: Buffer) => {
          if (trigger !== undefined && chunk.includes(trigger.marker)) {
            const { fire } = trigger;
            trigger = undefined;
            void proxy.cut().then(fire);
            return;
          }
          upstream.write(chunk);
        });
        upstream.on('data', (chunk: Buffer) => client.write(chunk));
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('close', end);
        upstream.on('close', end);
        client.on('error', end);
        upstream.on('error', end);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        const address = created.address();
        port = typeof address === 'object' && address !== null ? address.port : port;
        server = created;
        resolve();
      });
    });

  const proxy: TcpProxy = {
    get port() {
      return port;
    },
    async cut() {
      const closing = server;
      server = undefined;
      destroyAll();
      if (closing !== undefined) await new Promise((resolve) => closing.close(resolve));
    },
    async restore() {
      if (stalled) {
        stalled = false;
        destroyAll();
      }
      if (server === undefined) await listen();
    },
    stall() {
      stalled = true;
      destroyAll();
    },
    cutWhenSent(marker) {
      return new Promise((resolve) => {
        trigger = { marker: Buffer.from(marker), fire: resolve };
      });
    },
    async close() {
      trigger = undefined;
      await proxy.cut();
    },
  };
  await listen();
  return proxy;
}
