import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from './errors';
import { sameToken } from './same-token';

/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one process). Modules add
 * to them through `app.metrics`: e.g. `app.metrics.paymentsByStatus.inc({ status: 'SUCCESSFUL' })`.
 */
export interface Metrics {
  registry: Registry;
  /** Every response, by method, route pattern (never the raw URL: bounded label values) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  /** Payments reaching a status (PENDING when started, then the final one), counted once each. */
  paymentsByStatus: Counter<'status'>;
  /** Runs of the background reconciler: outcome e.g. 'settled', 'idle', 'skipped' (lock held elsewhere), 'failed'. */
  reconcilerRuns: Counter<'outcome'>;
  /** Requests refused by a limit, by limit name. */
  rateLimited: Counter<'limit'>;
  /** Requests answered 503 because the database could not be reached. */
  databaseUnavailable: Counter;
  /** Publishes the password hashing queue: hashes running and waiting, read at each scrape. */
  watchPasswordHashing(stats: () => { running: number; waiting: number }): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP responses by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    paymentsByStatus: new Counter({
      name: 'payments_total',
      help: 'Mobile money payments by status reached',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    reconcilerRuns: new Counter({
      name: 'payment_reconciler_runs_total',
      help: 'Runs of the background payment reconciler by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'rate_limited_total',
      help: 'Requests refused by a rate limit, by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
    }),
    databaseUnavailable: new Counter({
      name: 'database_unavailable_total',
      help: 'Requests answered 503 because the database could not be reached',
      registers: [registry],
    }),
    watchPasswordHashing(stats) {
      new Gauge({
        name: 'password_hashing_queue',
        help: 'Password hashes running and waiting for a slot (a full line answers 503)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const now = stats();
          this.set({ state: 'running' }, now.running);
          this.set({ state: 'waiting' }, now.waiting);
        },
      });
    },
  };
}

/** Counts and times every response (onResponse: after it was sent, so it costs the student nothing). */
export function instrumentRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(unmatched)';
    const method = request.method;
    app.metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
    app.metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics on the public port, for a bearer of METRICS_TOKEN only (unset: the route does not exist):
 * route names, volumes and error rates are for the operator, not the public.
 */
export function metricsRoute(app: FastifyInstance, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (match?.[1] === undefined || !sameToken(match[1], token)) {
      // The same answer as a path that does not exist: nothing tells the public an endpoint is there.
      throw new HttpError(404, 'routeNotFound', { method: request.method, path: '/metrics' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(app.metrics.registry.contentType)
      .send(await app.metrics.registry.metrics());
  });
}

/** METRICS_PORT: /metrics on its own listener (localhost by default), for a scraper on the same host or network. */
export function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
