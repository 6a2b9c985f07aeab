import type { Server } from 'node:http';
import { buildApp } from './app';
import { loadConfig } from './config';
import { serveMetrics } from './lib/metrics';

const config = loadConfig();
const app = await buildApp(config);
let metricsServer: Server | undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stops accepting connections, lets requests in flight finish, then closes the database (onClose hook).
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    metricsServer?.close();
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) {
    metricsServer = await serveMetrics(app.metrics, config.metricsHost, config.metricsPort);
    app.log.info({ host: config.metricsHost, port: config.metricsPort }, 'metrics served at /metrics');
  }
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
