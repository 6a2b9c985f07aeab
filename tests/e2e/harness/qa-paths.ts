import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AnyEventObject, type AnyStateMachine, initialTransition, transition } from 'xstate';
import {
  definitionStates,
  definitionTransitions,
  type EffectCall,
  type ModelPath,
  type ReplayOptions,
  replayPath,
} from '../../machines/modelHarness';
import type { StudentApp } from './student-app';

// What the QA path replays in Chromium share (qa-paths-*.e2e.test.ts): a machine's generated paths (the
// model its unit model test replays), what each path covers of the definition, a covering sample of them,
// and the effects the model predicts for each step.

export interface PathCoverage {
  readonly states: ReadonlySet<string>;
  readonly transitions: ReadonlySet<string>;
}

/** Every path replayed against the machine first (the unit model test's replay, oracle included). */
export async function coverageOfPaths<TMachine extends AnyStateMachine>(
  paths: readonly ModelPath<TMachine>[],
  replay: ReplayOptions<TMachine>,
): Promise<Map<ModelPath<TMachine>, PathCoverage>> {
  const coverage = new Map<ModelPath<TMachine>, PathCoverage>();
  for (const path of paths) {
    const harness = await replayPath(path, replay);
    coverage.set(path, { states: harness.visited, transitions: harness.taken });
  }
  return coverage;
}

export const eventsOf = (path: ModelPath<AnyStateMachine>): AnyEventObject[] =>
  path.steps.map((step) => step.event as AnyEventObject);

/** Events as the model samples them (an Error by its message), to tell two samples of a type apart. */
export const sampleKey = (event: AnyEventObject): string =>
  JSON.stringify(event, (_, value: unknown) => (value instanceof Error ? { error: value.message } : value));

/** What a path owes the replay: the states it visits, the transitions it takes, the samples it sends. */
export function pathObligations(
  path: ModelPath<AnyStateMachine>,
  coverage: PathCoverage,
  start = 'path',
): string[] {
  return [
    ...[...coverage.states].map((id) => `${start} visits ${id}`),
    ...[...coverage.transitions].map((key) => `${start} takes ${key}`),
    ...eventsOf(path).map((event) => `${start} receives ${sampleKey(event)}`),
  ];
}

/** Greedy set cover of the obligations, shorter paths first on a tie: a few browser runs instead of all. */
export function chooseCoveringPaths<TPath extends { readonly steps: readonly unknown[] }>(
  paths: readonly TPath[],
  obligations: (path: TPath) => string[],
): TPath[] {
  const owed = new Set(paths.flatMap(obligations));
  const chosen = new Set<TPath>();
  const length = (path: TPath) => path.steps.length;
  while (owed.size > 0) {
    let best: { path: TPath; gain: number } | null = null;
    for (const path of paths) {
      const gain = new Set(obligations(path).filter((item) => owed.has(item))).size;
      if (!best || gain > best.gain || (gain === best.gain && length(path) < length(best.path))) {
        best = { path, gain };
      }
    }
    if (!best || best.gain === 0) throw new Error('Obligations no path meets');
    chosen.add(best.path);
    for (const item of obligations(best.path)) owed.delete(item);
  }
  return paths.filter((path) => chosen.has(path));
}

/** The named effects the model predicts for a step (the pure transition), as the unit model test reads them. */
export function predictedEffects<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: ModelPath<TMachine>,
  index: number,
  effectNames: readonly string[],
): EffectCall[] {
  const step = path.steps[index];
  if (!step) throw new Error(`No step ${index}`);
  const previous = path.steps[index - 1]?.state;
  const [, actions] = previous
    ? transition(machine, previous, step.event)
    : initialTransition(machine, path.input);
  return actions
    .filter((action) => effectNames.includes(action.type))
    .map((action) => ({ type: action.type, params: action.params }));
}

/** What the replayed paths covered of the machine's definition, and what they left out. */
export function coverageReport<TPath>(
  machine: AnyStateMachine,
  replayed: readonly TPath[],
  coverageOf: (path: TPath) => PathCoverage,
) {
  const states = definitionStates(machine);
  const transitions = definitionTransitions(machine);
  const visited = new Set(replayed.flatMap((path) => [...coverageOf(path).states]));
  const taken = new Set(replayed.flatMap((path) => [...coverageOf(path).transitions]));
  const unvisited = [...states].filter((id) => !visited.has(id));
  const untaken = [...transitions].filter((key) => !taken.has(key));
  return {
    summary:
      `${states.size - unvisited.length}/${states.size} states, ` +
      `${transitions.size - untaken.length}/${transitions.size} transitions`,
    unvisited,
    untaken,
  };
}

/**
 * The check that closes each QA file: every selected path was replayed, and together they visit every state,
 * take every transition and meet every obligation (events per state, inputs) that the whole generated set
 * has. Returns the coverage line for the log.
 */
export function expectReplayCovers<TPath>(options: {
  machine: AnyStateMachine;
  all: readonly TPath[];
  selected: readonly TPath[];
  replayed: readonly TPath[];
  coverageOf: (path: TPath) => PathCoverage;
  obligations: (path: TPath) => string[];
}): string {
  const { machine, all, selected, replayed, coverageOf, obligations } = options;
  const report = coverageReport(machine, replayed, coverageOf);
  expect(replayed).toHaveLength(selected.length);
  expect(report.unvisited).toEqual([]);
  expect(report.untaken).toEqual([]);
  const met = new Set(replayed.flatMap(obligations));
  expect([...new Set(all.flatMap(obligations))].filter((item) => !met.has(item))).toEqual([]);
  return report.summary;
}

/**
 * From here on, the page's timers fire only when a step moves its clock (installed at the context's start,
 * running while the app loads). On a busy machine the page clock may pass the time just read: read again.
 */
export async function pausePageClock(page: Page, context: BrowserContext): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const at = (await page.evaluate(() => Date.now())) + 1_000;
      await context.clock.pauseAt(at);
      return at;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/**
 * Lets the page finish what a step started while its clock is paused (requestAnimationFrame and timers
 * wait for the clock then): a few message-channel round trips, on which React's scheduler runs too.
 */
export async function settlePage(page: Page, rounds = 5): Promise<void> {
  await page.evaluate(async (times) => {
    for (let i = 0; i < times; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  }, rounds);
}

/**
 * Opens the app at a route on a page whose clock is Playwright's: the same wait as StudentApp.open (React
 * owns the prerendered shell), polled from the test, since the page's own frames and timers follow the
 * page's clock. The app's code starts after the first paint (a frame, then a task): on a paused clock the
 * clock is moved on 20 ms at a time until it has.
 */
export async function openOnPageClock(app: StudentApp, route: string): Promise<void> {
  await app.device.go(route);
  const started = () =>
    app.page.evaluate(() => {
      const header = document.querySelector('#root header');
      return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
    });
  for (let step = 0; step < 500; step++) {
    if (await started()) return;
    await app.device.context.clock.runFor(20);
    await app.page.waitForTimeout(20);
  }
  throw new Error('The app did not start');
}

/**
 * Resolves once the PWA layer's code (install banner, update question) has arrived and rendered: it loads
 * once the page is idle (issue 12). Watched from the test: the page's performance entries follow its clock.
 */
export function pwaLayerArrives(page: Page): Promise<void> {
  return page
    .waitForResponse((response) => /\/PwaOverlays-[\w-]+\.js$/.test(response.url()), { timeout: 30_000 })
    .then(() => settlePage(page));
}
