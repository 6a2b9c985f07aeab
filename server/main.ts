import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { backupSummary } from './backup/make-backup';
import { serveOperatorSocket } from './backup/operator-socket';
import { loadConfig } from './config';
import { serveMetrics } from './lib/metrics';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
let app: FastifyInstance | undefined;
let operatorSocket: Awaited<ReturnType<typeof serveOperatorSocket>> | undefined;
try {
  // The embedded database belongs to this process alone: `npm run backup` asks it through this socket, and a
  // second server started on the same DATA_DIR finds the socket answering and stops before opening it.
  if (config.databaseUrl === undefined) {
    operatorSocket = await serveOperatorSocket(config.dataDir, async (request) => {
      if (app === undefined) throw new Error('the server is still starting: try again in a moment');
      return backupSummary(await app.backups.run(request.folder));
    });
  }
  app = await buildApp(config, { seedIfEmpty });
} catch (error) {
  // A database migrated by a newer version, another server on this DATA_DIR…: said plainly, nothing changed.
  process.stderr.write(`StudyCam could not start: ${(error as Error).message}\n`);
  await operatorSocket?.close();
  process.exit(1);
}
const server = app;
let metricsServer: Server | undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  server.log.info({ signal }, 'shutting down');
  // Stops accepting connections, lets requests in flight finish, then closes the database (onClose hook).
  const timer = setTimeout(() => {
    server.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    metricsServer?.close();
    await operatorSocket?.close();
    await server.close();
    process.exit(0);
  } catch (error) {
    server.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await server.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) {
    metricsServer = await serveMetrics(server.metrics, config.metricsHost, config.metricsPort);
    server.log.info({ host: config.metricsHost, port: config.metricsPort }, 'metrics served at /metrics');
  }
} catch (error) {
  server.log.error({ err: error }, 'could not start');
  process.exit(1);
}
