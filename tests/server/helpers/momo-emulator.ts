import Fastify, { type FastifyInstance } from 'fastify';
import {
  ManualClock,
  type MomoSandboxOptions,
  memorySandboxStore,
  momoSandboxRoutes,
} from '../../../server/modules/momo-sandbox/routes';

/**
 * A provider emulator of its own, on a clock the test moves, reached through a `fetch` that routes
 * every URL into `inject()`: what createTestApp({ fetch }) and MomoProvider get in payment tests.
 */
export interface TestEmulator {
  app: FastifyInstance;
  clock: ManualClock;
  /** Drop-in `fetch`: any origin, the path must start with /momo-sandbox. */
  fetch: typeof fetch;
  /** `METHOD /path` of every call that reached the emulator, oldest first. */
  calls: string[];
  /** The same calls with the status the emulator answered, e.g. to count requests to pay it took (202). */
  answered: { call: string; status: number }[];
  /** While true, every call fails as a refused connection does. */
  down: boolean;
  /** While true, calls reach the emulator but their answers are lost (a timeout after the fact). */
  losesAnswers: boolean;
  /** While set, every call is answered with this status and no body (an upstream gateway failing). */
  failWith: number | undefined;
  /** While true, calls never answer; they end only when the caller's signal aborts (its timeout). */
  hangs: boolean;
  /** Added before every answer, in milliseconds of real time (a slow provider). */
  latencyMs: number;
  /** Stops and starts again; like the server's emulator, it remembers everything across the restart. */
  restart(): Promise<void>;
  /** Forgets every api user, token and payment, as a sandbox account reset does (callers provision again). */
  forget(): void;
  /** Ends every fault above (down, lost answers, failing status, hangs, latency): for a test's afterEach. */
  heal(): void;
  close(): Promise<void>;
}

export const EMULATOR_PENDING_MS = 2_000;
export const EMULATOR_DELAYED_SUCCESS_MS = 10_000;

export async function startEmulator(options: MomoSandboxOptions = {}): Promise<TestEmulator> {
  const clock = new ManualClock(Date.now());
  const store = memorySandboxStore();
  const build = async () => {
    const app = Fastify();
    await app.register(momoSandboxRoutes, {
      prefix: '/momo-sandbox',
      store,
      clock,
      pendingMs: EMULATOR_PENDING_MS,
      delayedSuccessMs: EMULATOR_DELAYED_SUCCESS_MS,
      deliverCallback: async () => {},
      ...options,
    });
    await app.ready();
    return app;
  };
  const emulator: TestEmulator = {
    app: await build(),
    clock,
    calls: [],
    answered: [],
    down: false,
    losesAnswers: false,
    failWith: undefined,
    hangs: false,
    latencyMs: 0,
    heal() {
      Object.assign(emulator, {
        down: false,
        losesAnswers: false,
        failWith: undefined,
        hangs: false,
        latencyMs: 0,
      });
    },
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (emulator.down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      if (emulator.hangs) {
        emulator.calls.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname} (hung)`);
        return new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal;
          if (!signal) return;
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      if (emulator.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, emulator.latencyMs));
      const method = (init?.method ?? 'GET').toUpperCase();
      emulator.calls.push(`${method} ${url.pathname}`);
      if (emulator.failWith !== undefined) return new Response(null, { status: emulator.failWith });
      const response = await emulator.app.inject({
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      emulator.answered.push({ call: `${method} ${url.pathname}`, status: response.statusCode });
      if (emulator.losesAnswers)
        throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      return new Response(response.body === '' ? null : response.body, {
        status: response.statusCode,
        headers,
      });
    },
    async restart() {
      await emulator.app.close();
      emulator.app = await build();
    },
    forget() {
      store.clear();
    },
    async close() {
      await emulator.app.close();
    },
  };
  return emulator;
}
