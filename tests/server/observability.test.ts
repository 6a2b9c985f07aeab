import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Env, loadConfig } from '../../server/config';
import { openPglite } from '../../server/lib/db';
import { serveMetrics } from '../../server/lib/metrics';
import { TEST_JWT_SECRET } from './helpers/app';

// Structured logs with the request id on every line of a request and in every error body; Prometheus
// metrics for the operator only.

const METRICS_TOKEN = 'operator-metrics-token-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Built {
  app: FastifyInstance;
  lines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

async function build(env: Env = {}): Promise<Built> {
  const dir = mkdtempSync(join(tmpdir(), 'study-app-observability-'));
  const lines: Array<Record<string, unknown>> = [];
  const config = loadConfig({
    DATA_DIR: dir,
    STATIC_DIR: join(dir, 'no-dist'),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'info',
    SEED: 'false',
    ...env,
  });
  const db = await openPglite();
  const app = await buildApp(config, {
    db,
    logStream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.ready();
  return {
    app,
    lines,
    async close() {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('request ids', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(async () => {
    await built?.close();
  });

  it('every response carries a fresh id in X-Request-Id; every failure body carries the same', async () => {
    const ok = await built.app.inject({ method: 'GET', url: '/health' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    const missing = await built.app.inject({ method: 'GET', url: '/videos/nothing' });
    const body = missing.json();
    expect(body).toEqual({
      success: false,
      msg: 'Unknown path: GET /videos/nothing.',
      requestId: missing.headers['x-request-id'],
    });
    expect(body.requestId).not.toBe(ok.headers['x-request-id']);
    const invalid = await built.app.inject({
      method: 'POST',
      url: '/users/register',
      payload: { username: 1 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBe(invalid.headers['x-request-id']);
  });

  it('puts the id on every log line of the request, so a student’s report finds the server’s lines', async () => {
    const dead = await build();
    try {
      await dead.app.db.close();
      const response = await dead.app.inject({ method: 'GET', url: '/subjects/subject/fetch-all' });
      expect(response.statusCode).toBe(503);
      const { requestId } = response.json() as { requestId: string };
      const lines = dead.lines.filter((line) => line.msg === 'dependency unavailable');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, requestId });
      expect(
        dead.lines
          .filter((line) => line.requestId !== undefined)
          .every((line) => line.requestId === requestId),
      ).toBe(true);
    } finally {
      await dead.app.close();
    }
  });

  it('ignores an incoming X-Request-Id from a client reaching the server directly', async () => {
    const response = await built.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'chosen-by-the-client-1234' },
    });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('keeps the id a trusted proxy set (TRUST_PROXY), when it is a plain token', async () => {
    const proxied = await build({ TRUST_PROXY: '127.0.0.1' });
    try {
      const kept = await proxied.app.inject({
        method: 'GET',
        url: '/nothing/here',
        headers: { 'x-request-id': 'proxy-7f3a9c01-req' },
      });
      expect(kept.headers['x-request-id']).toBe('proxy-7f3a9c01-req');
      expect(kept.json().requestId).toBe('proxy-7f3a9c01-req');
      for (const odd of ['short', 'with space in it x', `${'x'.repeat(65)}`, 'bad\u00e9character1']) {
        const replaced = await proxied.app.inject({
          method: 'GET',
          url: '/health',
          headers: { 'x-request-id': odd },
        });
        expect(replaced.headers['x-request-id']).toMatch(UUID);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('/metrics', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build({ METRICS_TOKEN, RATE_LIMIT_LOGIN_MAX: '1' });
  });
  afterAll(async () => {
    await built?.close();
  });

  const scrape = (authorization?: string) =>
    built.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('is not served to the public: no token, a wrong token, and no METRICS_TOKEN at all look like no route', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', `Basic ${METRICS_TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe('Unknown path: GET /metrics.');
    }
    const plain = await build();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern and status, times them, and has the payments counters', async () => {
    for (let i = 0; i < 3; i += 1) await built.app.inject({ method: 'GET', url: '/health' });
    await built.app.inject({ method: 'GET', url: '/media/pictures/none-such.webp' });
    for (let i = 0; i < 2; i += 1) {
      await built.app.inject({
        method: 'POST',
        url: '/users/authenticate/student',
        remoteAddress: '10.9.9.9',
        payload: { username: 'someone', password: 'wrong-password' },
      });
    }
    built.app.metrics.paymentsByStatus.inc({ status: 'SUCCESSFUL' });
    built.app.metrics.reconcilerRuns.inc({ outcome: 'settled' });
    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('http_requests_total{method="GET",route="/health",status="200"} 3');
    // The route's pattern, never the raw path: label values stay few.
    expect(text).toContain('http_requests_total{method="GET",route="/media/pictures/:file",status="404"} 1');
    expect(text).toContain(
      'http_requests_total{method="POST",route="/users/authenticate/student",status="429"} 1',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/health"\} \d+/,
    );
    expect(text).toContain('rate_limited_total{limit="login"} 1');
    expect(text).toContain('payments_total{status="SUCCESSFUL"} 1');
    expect(text).toContain('payment_reconciler_runs_total{outcome="settled"} 1');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('METRICS_PORT: its own listener, localhost only by default', async () => {
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, METRICS_PORT: '9464' });
    expect(config).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    const server: Server = await serveMetrics(built.app.metrics, '127.0.0.1', 0);
    try {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('http_requests_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
