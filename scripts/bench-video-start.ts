/**
 * How long a paid lesson takes to start on a slow phone (issue 19): Chromium at 360×640 with the network and
 * the CPU throttled through the DevTools protocol, a paid student opens `#/video-player?videoId=…` of a
 * seeded lesson and taps Play; the time runs from opening the URL (the document's navigation start) to the
 * video's `currentTime` > 0. Two profiles (Lighthouse's mobile one and a poor 3G), cold (a fresh profile:
 * nothing cached) and warm (the same lesson opened a second time on the same link: the HTTP cache holds what
 * the first visit fetched), 5 runs each by default; median and range, and the bytes received before the
 * first frame.
 *
 *   npm run bench:video-start                   builds, then 5 runs of each profile, cold and warm
 *   tsx scripts/bench-video-start.ts --no-build --runs 3
 *   … --profile poor-3g                         one profile only
 *   … --visit warm                              one visit only (cold or warm)
 *   … --write                                   also writes the result into docs/performance.md
 *   … --sw                                      the installed app: service worker on (below)
 *   … --trace                                   prints the last run's requests before its first frame
 *
 * The service worker is blocked by default, as in the e2e tests: its precache would compete with the
 * lesson. What is measured is then the network path, the one a first visit (and a browser without the
 * installed app) takes. With `--sw` it runs: a warm run's first visit opens home until the worker controls
 * the page, then plays the lesson through it; it then empties the HTTP cache (a return on another day, when
 * the lesson's signed URL is another), and the worker's own requests are throttled like the
 * page's (the DevTools protocol on its target; its CPU is not slowed), counted, and traced (`sw`). Every run
 * also counts, at the server, the requests for a lesson file from its first byte ("media from 0"): what a
 * kept head (src/sw/lesson-heads.ts) saves a warm start. The script depends only on the server's
 * bench helpers (scripts/bench-lighthouse.ts), so it can be copied into another checkout of the app (main
 * before a change) and run there for the figures before it.
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { startBenchServer } from './bench-lighthouse';

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

const ROOT = resolve(import.meta.dirname, '..');
/** Where `--write` puts a run in docs/performance.md. */
const RUNS_MARKER = '<!-- bench:video-start runs, newest first -->';

export interface NetworkProfile {
  name: string;
  label: string;
  /** Round-trip time added to every request, ms. */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
}

export const PROFILES: readonly NetworkProfile[] = [
  // Lighthouse's mobile preset (its "slow 4G"): 1.6 Mb/s down, 750 kb/s up, 150 ms RTT, 4× CPU.
  {
    name: 'lighthouse-mobile',
    label: 'Lighthouse mobile (1.6 Mb/s, 150 ms RTT, 4× CPU)',
    latencyMs: 150,
    downloadKbps: 1638.4,
    uploadKbps: 750,
    cpuSlowdown: 4,
  },
  // A poor 3G link, as students have away from the towns.
  {
    name: 'poor-3g',
    label: 'poor 3G (400 kb/s, 400 ms RTT, 4× CPU)',
    latencyMs: 400,
    downloadKbps: 400,
    uploadKbps: 400,
    cpuSlowdown: 4,
  },
];

/** What one start cost. */
interface StartRun {
  /** Navigation start → the Play button in the page, tapped at once (what a student waits for before tapping). */
  playButtonMs: number;
  /** Navigation start → the video's currentTime > 0. */
  firstFrameMs: number;
  /** Bytes received (encoded, as on the wire) before the first frame, and by how many network requests. */
  bytes: number;
  requests: number;
  /** The rendition that played, from its file name. */
  rendition: string;
  /** The requests before the first frame, for `--trace`. */
  trace: TracedRequest[];
  /** Requests the server received for a lesson file from its first byte, before the first frame. */
  mediaFromStart: number;
}

export const PHONE = {
  viewport: { width: 360, height: 640 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const TIMEOUT_MS = 60_000;

/**
 * Taps Play the moment it shows, and watches for the first frame: the first moment a video's currentTime is
 * above 0. The tap is the page's own (a click on the button as soon as it is in the document), so the
 * figure is the app's and not the test driver's: Playwright's tap waits for the button to be stable over
 * several frames, which under a 4× slower CPU took 0.4–0.8 s. Chromium is started with the autoplay policy
 * that a real tap satisfies.
 */
const PAGE_PROBE = `(() => {
  const w = window;
  w.__playMs = null;
  w.__firstFrameMs = null;
  const poll = () => {
    const video = document.querySelector('video');
    if (video && video.currentTime > 0) {
      w.__firstFrameMs = performance.now();
      w.__firstFrameSrc = video.currentSrc;
      return;
    }
    requestAnimationFrame(poll);
  };
  const tapPlay = () => {
    const play = document.querySelector('.player__play');
    if (!play || w.__playMs !== null) return;
    w.__playMs = performance.now();
    play.click();
    requestAnimationFrame(poll);
  };
  new MutationObserver(tapPlay).observe(document, { childList: true, subtree: true });
})();`;

/** One request of a run, for `--trace`: seconds after the document's request. */
interface TracedRequest {
  url: string;
  startS: number;
  endS: number | null;
  bytes: number;
  status: number | null;
  cached: boolean;
  /** Answered by the service worker (its own network requests are traced apart, as `sw`). */
  viaWorker: boolean;
  /** A request the service worker made. */
  byWorker: boolean;
}

/** Network events, from the page's DevTools session or the service worker's. */
type NetworkEvents = Pick<CDPSession, 'on'>;

/** Counts what the page (and its worker) receive, request by request, as the DevTools protocol reports it. */
function countBytes(cdp: NetworkEvents, worker: NetworkEvents | null = null) {
  const finished = new Map<string, number>();
  const partial = new Map<string, number>();
  const traced = new Map<string, TracedRequest>();
  let origin: number | null = null;
  let counting = true;
  const since = (timestamp: number) => timestamp - (origin ?? timestamp);
  const listen = (source: NetworkEvents, prefix: string) => {
    source.on('Network.requestWillBeSent', (event) => {
      if (!counting) return;
      // The worker's session starts before the page's first request: the page's document sets the origin.
      if (prefix === '') origin ??= event.timestamp;
      const entry = { url: event.request.url, startS: since(event.timestamp), endS: null, bytes: 0 };
      traced.set(prefix + event.requestId, {
        ...entry,
        status: null,
        cached: false,
        viaWorker: false,
        byWorker: prefix !== '',
      });
    });
    source.on('Network.responseReceived', (event) => {
      const entry = traced.get(prefix + event.requestId);
      if (entry)
        Object.assign(entry, {
          status: event.response.status,
          cached: event.response.fromDiskCache,
          viaWorker: event.response.fromServiceWorker === true,
        });
    });
    source.on('Network.dataReceived', (event) => {
      const id = prefix + event.requestId;
      if (counting) partial.set(id, (partial.get(id) ?? 0) + event.encodedDataLength);
    });
    source.on('Network.loadingFinished', (event) => {
      if (!counting) return;
      finished.set(prefix + event.requestId, event.encodedDataLength);
      const entry = traced.get(prefix + event.requestId);
      if (entry) entry.endS = since(event.timestamp);
    });
  };
  listen(cdp, '');
  if (worker) listen(worker, 'sw:');
  return {
    stop(): { bytes: number; requests: number; trace: TracedRequest[] } {
      counting = false;
      let bytes = 0;
      let requests = 0;
      for (const id of new Set([...finished.keys(), ...partial.keys()])) {
        const entry = traced.get(id);
        // What the worker answered came off the network once, as the worker's own request (or not at all).
        const received = entry?.viaWorker ? 0 : (finished.get(id) ?? partial.get(id) ?? 0);
        bytes += received;
        if (entry) entry.bytes = received;
        // A request answered from the HTTP cache receives nothing: it is not a request on the network.
        if (received > 0) requests += 1;
      }
      return { bytes, requests, trace: [...traced.values()].sort((a, b) => a.startS - b.startS) };
    },
  };
}

/** `--trace`'s lines: when each request left and ended, what it received, its status. */
function traceLines(trace: readonly TracedRequest[]): string[] {
  return trace.map((request) => {
    const end = request.endS === null ? '  …  ' : request.endS.toFixed(2);
    const path = request.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?(student|exp|sig)=.*/, '?…');
    const how = `${request.cached ? ' cache' : ''}${request.viaWorker ? ' from-sw' : ''}${request.byWorker ? ' sw' : ''}`;
    return `  ${request.startS.toFixed(2)}–${end} s ${kb(request.bytes).padStart(6)} ${request.status ?? '…'}${how} ${path.slice(0, 90)}`;
  });
}

const networkConditions = (profile: NetworkProfile | null) => ({
  offline: false,
  latency: profile?.latencyMs ?? 0,
  downloadThroughput: profile ? (profile.downloadKbps * 1000) / 8 : -1,
  uploadThroughput: profile ? (profile.uploadKbps * 1000) / 8 : -1,
});

export async function throttle(cdp: CDPSession, profile: NetworkProfile | null): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', networkConditions(profile));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile?.cpuSlowdown ?? 1 });
}

/**
 * The service worker's own DevTools session: the page's throttling does not apply to what a worker fetches.
 * Reached through the browser's session (Playwright opens none for workers), its messages wrapped in
 * Target.sendMessageToTarget.
 */
export async function workerSession(browser: Browser, origin: string) {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith(origin));
  if (!target) throw new Error('--sw: no service worker is running for the lesson');
  const { sessionId } = await session.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  type Listener = (params: never) => void;
  const listeners = new Map<string, Listener[]>();
  const replies = new Map<number, () => void>();
  let nextId = 0;
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; method?: string; params?: never };
    if (message.id !== undefined) replies.get(message.id)?.();
    if (message.method)
      for (const listener of listeners.get(message.method) ?? []) listener(message.params as never);
  });
  const send = (method: string, params: object) =>
    new Promise<void>((resolve) => {
      const id = ++nextId;
      replies.set(id, resolve);
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  await send('Network.enable', {});
  return {
    events: {
      on: (method: string, listener: Listener) =>
        listeners.set(method, [...(listeners.get(method) ?? []), listener]),
    } as unknown as NetworkEvents,
    throttle: (profile: NetworkProfile) =>
      send('Network.emulateNetworkConditions', networkConditions(profile)),
    close: () => session.detach(),
  };
}

/** Counts the server's requests for a lesson file from its first byte (no Range, or `bytes=0-…`). */
function mediaFromStartCounter(server: BenchServer) {
  let count = 0;
  server.app.server.on('request', (request) => {
    const range = request.headers.range;
    if (request.url?.startsWith('/media/videos/') && (range === undefined || range.startsWith('bytes=0-')))
      count += 1;
  });
  return { since: (mark: number) => count - mark, now: () => count };
}

/** Opens the lesson and waits for its first frame (the page's probe taps Play as soon as it shows). */
async function startLesson(
  page: Page,
  url: string,
): Promise<Omit<StartRun, 'bytes' | 'requests' | 'trace' | 'mediaFromStart'>> {
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
  await page.waitForFunction(
    () => (window as { __firstFrameMs?: number | null }).__firstFrameMs != null,
    null,
    {
      timeout: TIMEOUT_MS,
      polling: 50,
    },
  );
  const { playButtonMs, firstFrameMs, src } = await page.evaluate(() => {
    const w = window as { __playMs?: number; __firstFrameMs?: number; __firstFrameSrc?: string };
    return {
      playButtonMs: w.__playMs ?? Number.NaN,
      firstFrameMs: w.__firstFrameMs ?? Number.NaN,
      src: w.__firstFrameSrc ?? '',
    };
  });
  const rendition = /-(saver|360p|480p)\.mp4/.exec(src)?.[1] ?? (src ? 'other' : '?');
  return { playButtonMs, firstFrameMs, rendition };
}

async function newPhone(browser: Browser, origin: string, storage: Record<string, string>, sw: boolean) {
  const context: BrowserContext = await browser.newContext({
    ...PHONE,
    serviceWorkers: sw ? 'allow' : 'block',
  });
  await context.addInitScript(PAGE_PROBE);
  const page = await context.newPage();
  // The student's session, set from a page of the origin that loads nothing (the API's health call).
  await page.goto(`${origin}/health`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  return { context, page, cdp };
}

/**
 * One measured start of the lesson on a fresh phone, throttled to `profile`. A `cold` visit is a first one:
 * nothing cached. A `warm` visit is a second one: the lesson was opened and played once (unthrottled), then
 * it is opened again.
 */
async function measuredRun(
  visit: 'cold' | 'warm',
  browser: Browser,
  server: BenchServer & { mediaFromStart: ReturnType<typeof mediaFromStartCounter> },
  url: string,
  profile: NetworkProfile,
  sw: boolean,
): Promise<StartRun> {
  const { context, page, cdp } = await newPhone(browser, server.origin, server.studentStorage, sw);
  let worker: Awaited<ReturnType<typeof workerSession>> | null = null;
  try {
    if (visit === 'cold') {
      await cdp.send('Network.clearBrowserCache');
    } else {
      // The first visit on the same link: Auto picks the rendition the measured visit will (Data saver on a
      // poor 3G), so what it left in the caches is that file's.
      await throttle(cdp, profile);
      if (sw) {
        // The installed app: the worker controls the page before the lesson is first played (a student
        // opens a lesson from the app, which installed its worker on an earlier screen).
        await page.goto(url.replace(/#.*$/, '#/home'), { timeout: TIMEOUT_MS });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          timeout: TIMEOUT_MS,
        });
      }
      await startLesson(page, url);
      // A worker that keeps the lesson's first bytes (src/sw/lesson-heads.ts) reads them to their end at the
      // link's pace: it is given the time to (10 s at most: a build without it just waits).
      if (sw) await waitForCache(page, 'lesson-heads', 10_000);
      await page.goto('about:blank');
      // The installed app's return on another day: the lesson's signed URL is then another (a new one each
      // 10-minute window), so the HTTP cache holds nothing of its file under it. What remains is what the
      // app keeps in its worker's caches (the app's own files are precached there).
      if (sw) await cdp.send('Network.clearBrowserCache');
    }
    if (sw && visit === 'warm') worker = await workerSession(browser, server.origin);
    const bytes = countBytes(cdp, worker?.events ?? null);
    await throttle(cdp, profile);
    await worker?.throttle(profile);
    const mark = server.mediaFromStart.now();
    const start = await startLesson(page, url);
    return { ...start, ...bytes.stop(), mediaFromStart: server.mediaFromStart.since(mark) };
  } finally {
    await worker?.close().catch(() => undefined);
    await context.close();
  }
}

/** Waits until the page's origin has a cache of that name with an entry in it, or `ms` have passed. */
async function waitForCache(page: Page, name: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const kept = await page.evaluate(
      async (cacheName) =>
        (await caches.has(cacheName)) && (await (await caches.open(cacheName)).keys()).length > 0,
      name,
    );
    if (kept) return;
    await page.waitForTimeout(200);
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

export function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

interface Options {
  runs: number;
  profiles: readonly NetworkProfile[];
  /** Prints the last run's requests before its first frame, in the order they started. */
  trace: boolean;
  /** The service worker runs (the installed app), instead of being blocked. */
  sw: boolean;
  visits: readonly ('cold' | 'warm')[];
}

function options(): Options {
  const only = flag('--profile');
  const profiles = PROFILES.filter((profile) => only === undefined || profile.name === only);
  if (profiles.length === 0)
    throw new Error(`No profile named ${only}: ${PROFILES.map((p) => p.name).join(', ')}`);
  return {
    runs: Number(flag('--runs') ?? 5),
    profiles,
    trace: process.argv.includes('--trace'),
    sw: process.argv.includes('--sw'),
    visits: (['cold', 'warm'] as const).filter(
      (visit) => flag('--visit') === undefined || flag('--visit') === visit,
    ),
  };
}

/** The first lesson of a subject the bench student paid for, with its renditions: its player's URL. */
async function lessonUrl(server: BenchServer): Promise<{ id: string; url: string }> {
  const listed = await server.app.inject({ method: 'GET', url: '/videos/fetchvideos' });
  const lesson = listed
    .json<{ _id: string; subjectId: string; renditions: unknown[] }[]>()
    .find((video) => video.subjectId === 'ang-maths-f5' && video.renditions.length > 0);
  if (!lesson) throw new Error('No seeded lesson of ang-maths-f5 with renditions');
  return {
    id: lesson._id,
    url: `${server.origin}/#/video-player?videoId=${encodeURIComponent(lesson._id)}`,
  };
}

export function commitOf(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return '?';
  }
}

interface Measured {
  profile: NetworkProfile;
  visit: 'cold' | 'warm';
  runs: StartRun[];
}

/** Every run of every profile and visit, each run's line said as it ends. */
async function measureAll(
  opts: Options,
  browser: Browser,
  server: BenchServer,
  url: string,
  say: (line: string) => void,
): Promise<Measured[]> {
  say(
    '| profile | visit | run | Play on screen | first frame | bytes before it | requests | media from 0 | rendition |',
  );
  say('|---|---|---:|---:|---:|---:|---:|---:|---|');
  const counted = { ...server, mediaFromStart: mediaFromStartCounter(server) };
  const results: Measured[] = [];
  for (const profile of opts.profiles) {
    for (const visit of opts.visits) {
      const mine: StartRun[] = [];
      for (let run = 1; run <= opts.runs; run++) {
        const result = await measuredRun(visit, browser, counted, url, profile, opts.sw);
        mine.push(result);
        say(
          `| ${profile.name} | ${visit} | ${run} | ${seconds(result.playButtonMs)} | ${seconds(result.firstFrameMs)} | ${kb(result.bytes)} | ${result.requests} | ${result.mediaFromStart} | ${result.rendition} |`,
        );
        if (opts.trace && run === opts.runs) console.log(traceLines(result.trace).join('\n'));
      }
      results.push({ profile, visit, runs: mine });
    }
  }
  return results;
}

function summary(results: readonly Measured[], say: (line: string) => void): void {
  say(
    '| profile | visit | first frame (median) | range | Play on screen (median) | bytes before it (median) |',
  );
  say('|---|---|---:|---|---:|---:|');
  for (const { profile, visit, runs: mine } of results) {
    const frames = mine.map((run) => run.firstFrameMs);
    say(
      `| ${profile.label} | ${visit} | **${seconds(median(frames))}** | ${seconds(Math.min(...frames))}–${seconds(Math.max(...frames))} | ${seconds(median(mine.map((run) => run.playButtonMs)))} | ${kb(median(mine.map((run) => run.bytes)))} |`,
    );
  }
}

/** Newest first, under the section's marker (at the end of the file where there is none). */
function writeToDocs(lines: readonly string[]): void {
  const docs = join(ROOT, 'docs', 'performance.md');
  const text = readFileSync(docs, 'utf8');
  const at = text.indexOf(RUNS_MARKER);
  const block = `${lines.join('\n')}\n`;
  writeFileSync(
    docs,
    at < 0
      ? `${text}\n${block}`
      : `${text.slice(0, at + RUNS_MARKER.length)}\n\n${block}${text.slice(at + RUNS_MARKER.length)}`,
  );
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
  const opts = options();
  const server = await startBenchServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  try {
    const lesson = await lessonUrl(server);
    say(`### \`npm run bench:video-start\`, ${new Date().toISOString()} (${commitOf()})`);
    say('');
    say(
      `Machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Chromium ${browser.version()}; lesson ${lesson.id}; ${opts.runs} runs each; service worker ${opts.sw ? 'on (--sw)' : 'blocked'}.`,
    );
    say(`Load average (1/5/15 min) before: ${load()}`);
    say('');
    const results = await measureAll(opts, browser, server, lesson.url, say);
    say('');
    summary(results, say);
    say('');
    say(`Load average after: ${load()}`);
  } finally {
    await browser.close();
    await server.close();
  }
  if (process.argv.includes('--write')) writeToDocs(lines);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
