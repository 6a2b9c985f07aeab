import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, testBackend } from './helpers/app';
import { logLines, type ServerProcess, startServerProcess } from './helpers/server-process';

// SIGTERM (a deploy, a scale-down): the server stops taking new connections, finishes the requests in
// flight, closes the database and exits 0. The slow request is a news read whose upstream answers only when
// the test says so: nothing here depends on timing.

const ARTICLES = {
  status: 'ok',
  totalResults: 1,
  articles: [
    {
      source: { id: null, name: 'Cameroon Tribune' },
      author: null,
      title: 'Exams calendar published',
      description: null,
      url: 'https://example.cm/exams',
      urlToImage: null,
      publishedAt: '2026-11-20T08:00:00Z',
      content: null,
    },
  ],
};

let upstream: Server;
let upstreamPort = 0;
const held: Array<{ response: ServerResponse; request: IncomingMessage }> = [];
let heldNotify: (() => void) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    held.push({ request, response });
    heldNotify?.();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  upstreamPort = typeof address === 'object' && address !== null ? address.port : 0;
  if (testBackend() === 'postgres') {
    const fresh = await freshPostgresDatabase();
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
});
afterAll(async () => {
  for (const { response } of held) response.destroy();
  await new Promise((resolve) => upstream?.close(resolve));
  await dropDatabase?.();
});

function nextHeld(): Promise<void> {
  return new Promise((resolve) => {
    heldNotify = resolve;
  });
}

/** Whether a new TCP connection to the port is refused (rather than accepted). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe(`SIGTERM on ${testBackend()}`, () => {
  let server: ServerProcess;

  it('finishes the request in flight, refuses new connections, and exits 0', async () => {
    server = await startServerProcess({
      NEWS_API_KEY: 'test-news-key',
      NEWS_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
      SEED: 'false',
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    });
    const arrived = nextHeld();
    const slow = fetch(`${server.url}/news/top-headlines?country=cm`);
    await arrived;

    const exit = server.stop('SIGTERM');
    // The listener closes at once; the held request is still in flight.
    let closed = false;
    for (let i = 0; i < 100 && !closed; i += 1) {
      closed = await refused(server.port);
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(closed).toBe(true);
    expect(held).toHaveLength(1);

    held[0]?.response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ARTICLES));
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      articles: [{ title: 'Exams calendar published' }],
    });

    const exitStatus = await exit;
    expect(exitStatus, server.output.join('\n')).toEqual({ code: 0, signal: null });
    const lines = logLines(server);
    expect(lines.some((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM')).toBe(true);
    expect(lines.some((line) => line.level === 50 || line.level === 60)).toBe(false);
  });
});
