import { expect } from 'vitest';
import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { initialTransition, transition } from 'xstate';
import type { Harness } from './actorHarness';
import { view } from './actorHarness';
import type { EffectCall } from './fakes';
import type { MachineModel, ModelPath } from './modelPaths';
import { definitionStates, definitionTransitions, generatePaths } from './modelPaths';

// A generated path replayed against the real machine with fakes, step by step (see modelPaths.ts).

type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine>;
type Event<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;

export type Executor<TMachine extends AnyStateMachine, TEvent extends AnyEventObject = AnyEventObject> = (
  harness: Harness<TMachine>,
  event: TEvent,
) => Promise<void>;

/** Executors for a machine's own events, one per event type: a missing one is a type error. */
export type EventExecutors<TMachine extends AnyStateMachine> = {
  readonly [TType in Event<TMachine>['type']]: Executor<TMachine, Extract<Event<TMachine>, { type: TType }>>;
};

/** Default executors for the internal events: timers on the simulated clock, fake actors settled. */
export async function executeInternal<TMachine extends AnyStateMachine>(
  harness: Harness<TMachine>,
  event: AnyEventObject,
): Promise<boolean> {
  const { type } = event;
  if (type.startsWith('xstate.after.')) {
    await harness.fireTimer(type);
    return true;
  }
  if (type.startsWith('xstate.done.actor.')) {
    await harness.resolve(type.slice('xstate.done.actor.'.length), (event as { output?: unknown }).output);
    return true;
  }
  if (type.startsWith('xstate.error.actor.')) {
    await harness.reject(type.slice('xstate.error.actor.'.length), (event as { error?: unknown }).error);
    return true;
  }
  return false;
}

export interface ReplayOptions<TMachine extends AnyStateMachine> {
  readonly model: MachineModel<TMachine>;
  /** The machine with fakes provided, started from an input. */
  readonly createHarness: (input: InputFrom<TMachine>) => Harness<TMachine>;
  readonly executors: EventExecutors<TMachine>;
  /** Executors for internal events that need more than the defaults (a child machine to drive). */
  readonly internalExecutors?: Readonly<Record<string, Executor<TMachine>>>;
  /** Names of the effect actions whose calls are compared with the model at each step. */
  readonly effectNames: readonly string[];
  /** Extra assertions after each step: the spec's own words about effects and selectors. */
  readonly checkStep?: (harness: Harness<TMachine>, step: ObservedStep) => void;
  /** The machine's reference model (tests/machines/oracles), checked against the real actor at every step. */
  readonly oracle?: Oracle<TMachine>;
}

/** One replayed step as a check sees it: the event, and the named effects the real actor ran for it. */
export interface ObservedStep {
  readonly event: AnyEventObject;
  readonly effects: EffectCall[];
}

/**
 * An oracle: a small reference model of what docs/product.md and the issues say, written in the test folder without
 * the machine's own rules, so a wrong rule in the machine disagrees with it. It starts afresh for each path,
 * from the path's input, and is given every step (the first is `xstate.init`) once the real actor took it.
 */
export type Oracle<TMachine extends AnyStateMachine> = (
  input: InputFrom<TMachine>,
) => (harness: Harness<TMachine>, step: ObservedStep) => void;

/** The named effects the model predicts for a step (pure `transition`), with their params. */
function predictedEffects(
  machine: AnyStateMachine,
  previous: AnyMachineSnapshot | null,
  event: AnyEventObject,
  input: unknown,
  effectNames: readonly string[],
): EffectCall[] {
  const [, actions] = previous ? transition(machine, previous, event) : initialTransition(machine, input);
  return actions
    .filter((action) => effectNames.includes(action.type))
    .map((action) => ({ type: action.type, params: action.params }));
}

/**
 * Replays one generated path against the real machine: at every step the real snapshot must equal the
 * model's, and the effects it ran must be exactly those the model predicts for that step.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  path: ModelPath<TMachine>,
  options: ReplayOptions<TMachine>,
): Promise<Harness<TMachine>> {
  const harness = options.createHarness(path.input);
  const oracleStep = options.oracle?.(path.input);
  let previous: AnyMachineSnapshot | null = null;
  const executors = options.executors as unknown as Record<string, Executor<TMachine>>;
  await path.test({
    events: new Proxy(
      {},
      {
        get: (_, type: string) => async (step: { event: AnyEventObject; state: Snapshot<TMachine> }) => {
          const effectsBefore = harness.fakes.effects.length;
          if (type === 'xstate.init') harness.start();
          else {
            const executor = options.internalExecutors?.[type] ?? executors[type];
            if (executor) await executor(harness, step.event);
            else if (!(await executeInternal(harness, step.event)))
              throw new Error(`No executor for ${type}`);
          }
          const effects = harness.fakes.effects.slice(effectsBefore);
          expect(view(harness.snapshot), `after ${type}`).toEqual(view(step.state));
          const expected = predictedEffects(
            options.model.machine,
            previous,
            step.event,
            path.input,
            options.effectNames,
          );
          expect(
            effects.filter((effect) => options.effectNames.includes(effect.type)),
            `effects of ${type}`,
          ).toEqual(expected);
          options.checkStep?.(harness, { event: step.event, effects });
          oracleStep?.(harness, { event: step.event, effects });
          previous = step.state;
        },
      },
    ),
  });
  return harness;
}

export interface ModelRun {
  readonly states: number;
  readonly transitions: number;
  readonly paths: number;
  readonly uncoveredTransitions: string[];
  readonly unvisitedStates: string[];
}

/**
 * Replays every generated path and reports what the real actors covered of the definition. The shortest
 * paths go first (a stable sort: generation order within a length): a failure then names the smallest
 * counterexample, and a mutant (mutation.ts), which stops at its first failing path, is killed early. The
 * generator lists a few short paths last (the playback mutants' only killers were 5- and 6-step paths
 * near path 3,150 of 3,235), which made mutants.test.ts replay nearly every path for them.
 */
export async function runModel<TMachine extends AnyStateMachine>(
  options: ReplayOptions<TMachine>,
): Promise<ModelRun> {
  const paths = generatePaths(options.model).sort((a, b) => a.steps.length - b.steps.length);
  const taken = new Set<string>();
  const visited = new Set<string>();
  for (const path of paths) {
    const harness = await replayPath(path, options);
    for (const key of harness.taken) taken.add(key);
    for (const id of harness.visited) visited.add(id);
  }
  const allTransitions = definitionTransitions(options.model.machine);
  const allStates = definitionStates(options.model.machine);
  return {
    states: allStates.size,
    transitions: allTransitions.size,
    paths: paths.length,
    uncoveredTransitions: [...allTransitions].filter((key) => !taken.has(key)),
    unvisitedStates: [...allStates].filter((id) => !visited.has(id)),
  };
}
