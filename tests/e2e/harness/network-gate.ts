import type { Page, Route } from 'playwright-core';

/**
 * Holds the page's requests to one API path until the test decides how each is answered: passed on to the
 * real server, passed on with a changed body, answered here, or failed as a lost network. It is how a QA
 * path puts the app in front of the one answer its model step names.
 */
export class NetworkGate {
  private readonly held: Route[] = [];
  private readonly waiters: Array<(route: Route) => void> = [];

  private constructor(readonly page: Page) {}

  static async install(page: Page, pattern: RegExp): Promise<NetworkGate> {
    const gate = new NetworkGate(page);
    await page.route(pattern, (route) => {
      const waiter = gate.waiters.shift();
      if (waiter) waiter(route);
      else gate.held.push(route);
    });
    return gate;
  }

  /** The next request the app sends (already held, or the next to come). */
  next(timeoutMs = 20_000): Promise<Route> {
    const route = this.held.shift();
    if (route) return Promise.resolve(route);
    return new Promise<Route>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`No request came through the gate within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = (next: Route) => {
        clearTimeout(timer);
        resolve(next);
      };
      this.waiters.push(waiter);
    });
  }

  get pending(): number {
    return this.held.length;
  }
}

export async function answerJson(route: Route, status: number, body: unknown): Promise<void> {
  await route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
}

/**
 * Passes a status read to the real server until it reports what the step needs (the emulator settles an
 * ordinary payer after a short PENDING period), then gives the page that real answer.
 */
export async function answerFromServerWhen(
  route: Route,
  accept: (body: { status?: string }) => boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await route.fetch();
    const body = (await response.json()) as { status?: string };
    if (accept(body)) {
      await route.fulfill({ response, json: body });
      return;
    }
    if (Date.now() > deadline) throw new Error(`The server kept answering ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
