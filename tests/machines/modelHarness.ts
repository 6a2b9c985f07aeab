import { expect } from 'vitest';
import type {
  ActorLogic,
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import {
  createActor,
  fromPromise,
  getNextTransitions,
  initialTransition,
  SimulatedClock,
  transition,
} from 'xstate';
import type { PathGenerator, StatePath, TestPath } from 'xstate/graph';
import { getStateNodes, TestModel } from 'xstate/graph';
import { mutated } from './mutationHook';

// Model-based testing with the API XState v5 ships in `xstate/graph` (the successor of @xstate/test).
// `createTestModel` refuses machines with `after` and `invoke`, so the model is a `TestModel` over the
// machine itself, whose event samples include the delayed events (`xstate.after.<delay>.<state id>`)
// and the invoked actors' done/error events. Each generated path is then replayed against the real
// machine, with fake effects and a simulated clock, and the transitions the real actor took are
// collected so a test can prove that every transition of the definition was exercised.

type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine>;
type Event<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;

/** Event samples by type: the events a path may send when that type is enabled in a snapshot. */
export type EventSamples<TMachine extends AnyStateMachine> = {
  readonly [type: string]: (snapshot: Snapshot<TMachine>) => readonly AnyEventObject[];
};

export interface MachineModel<TMachine extends AnyStateMachine> {
  readonly machine: TMachine;
  /** Each input is a starting point (a first visit, a restored cart…); paths are generated from each. */
  readonly inputs: readonly InputFrom<TMachine>[];
  /** Samples for the machine's own events (typed exhaustively in each model) and its internal ones. */
  readonly samples: EventSamples<TMachine>;
  /** What makes two snapshots the same model state; default: state value and context. */
  readonly serializeState?: (snapshot: Snapshot<TMachine>) => string;
  /** Keeps the model finite, and real: drops orders of events that real time or the app cannot produce. */
  readonly filterEvents?: (snapshot: Snapshot<TMachine>, event: AnyEventObject) => boolean;
}

const DEFAULT_SERIALIZE = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** Event types a snapshot can react to, from the machine definition (eventless transitions excluded). */
export function enabledEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const types = getNextTransitions(snapshot)
    .map((t) => t.eventType)
    .filter((type) => type !== '' && !type.startsWith('xstate.done.state.'));
  return [...new Set(types)];
}

export function createModel<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  input: InputFrom<TMachine>,
) {
  const serializeState = model.serializeState ?? DEFAULT_SERIALIZE;
  // A machine is the actor logic of its own snapshots and events; the generic constraint cannot see that.
  const logic = model.machine as unknown as ActorLogic<
    Snapshot<TMachine>,
    Event<TMachine>,
    InputFrom<TMachine>
  >;
  return new TestModel<Snapshot<TMachine>, Event<TMachine>, InputFrom<TMachine>>(logic, {
    input,
    serializeState: (snapshot) => serializeState(snapshot),
    serializeEvent: (event) => JSON.stringify(event),
    ...(model.filterEvents ? { filterEvents: model.filterEvents } : {}),
    events: (snapshot) =>
      enabledEventTypes(snapshot).flatMap((type) => {
        const sample = model.samples[type];
        // A new event without samples must fail loudly rather than silently shrink the model.
        if (!sample) throw new Error(`No event samples for "${type}" in ${model.machine.id}`);
        return sample(snapshot) as readonly Event<TMachine>[];
      }),
  });
}

/**
 * Transition coverage: the shortest path to every model state, extended by every edge leaving it.
 * Shortest paths alone reach every state but may skip transitions (a self-loop, a second guard branch).
 */
export function createTransitionCoverageGen<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
  input: InputFrom<TMachine>,
): PathGenerator<Snapshot<TMachine>, Event<TMachine>, InputFrom<TMachine>> {
  return () => {
    const testModel = createModel(model, input);
    const serializeState = model.serializeState ?? DEFAULT_SERIALIZE;
    const shortest = new Map<string, StatePath<Snapshot<TMachine>, Event<TMachine>>>();
    for (const path of testModel.getShortestPaths({ allowDuplicatePaths: true })) {
      shortest.set(serializeState(path.state), path);
    }
    const paths: StatePath<Snapshot<TMachine>, Event<TMachine>>[] = [];
    for (const { state, transitions } of Object.values(testModel.getAdjacencyMap())) {
      const head = shortest.get(serializeState(state));
      if (!head) throw new Error(`Unreachable model state ${serializeState(state)}`);
      paths.push(head);
      // Keys are branded strings, which Object.values cannot see through.
      const edges = Object.values(transitions) as Array<{
        event: Event<TMachine>;
        state: Snapshot<TMachine>;
      }>;
      for (const { event, state: next } of edges) {
        paths.push({ state: next, weight: head.weight + 1, steps: [...head.steps, { state: next, event }] });
      }
    }
    return paths;
  };
}

/** A generated path and the input its machine starts from. */
export type ModelPath<TMachine extends AnyStateMachine> = TestPath<Snapshot<TMachine>, Event<TMachine>> & {
  readonly input: InputFrom<TMachine>;
};

export function generatePaths<TMachine extends AnyStateMachine>(
  model: MachineModel<TMachine>,
): ModelPath<TMachine>[] {
  return model.inputs.flatMap((input) =>
    createModel(model, input)
      .getPaths(createTransitionCoverageGen(model, input))
      .map((path) => Object.assign(path, { input })),
  );
}

// ---------------------------------------------------------------------------------------------------
// The machine definition: every state and every transition, as stable keys.

export function transitionKey(t: AnyTransitionDefinition): string | null {
  const source: AnyStateNode = t.source;
  const index =
    t.eventType === ''
      ? source.always?.indexOf(t)
      : (source.transitions.get(t.eventType) as AnyTransitionDefinition[] | undefined)?.indexOf(t);
  if (index === undefined || index < 0) return null; // initial transitions are not transitions of the chart
  const targets = (t.target ?? []).map((target: AnyStateNode) => target.id).join(',');
  return `${source.id} --${t.eventType || 'always'}[${index}]--> ${targets || '(self)'}`;
}

export function definitionTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const all = [...(node.always ?? []), ...[...node.transitions.values()].flat()];
    for (const t of all) {
      const key = transitionKey(t);
      if (key) keys.add(key);
    }
  }
  return keys;
}

export function definitionStates(machine: AnyStateMachine): Set<string> {
  return new Set(getStateNodes(machine.root).map((node) => node.id));
}

// ---------------------------------------------------------------------------------------------------
// Fakes: every effect the machine declares, recorded; every invoked promise actor, controlled by the path.

export interface EffectCall {
  readonly type: string;
  readonly params: unknown;
}

interface PendingCall {
  readonly src: string;
  readonly input: unknown;
  settled: boolean;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

export class Fakes {
  readonly effects: EffectCall[] = [];
  readonly calls: PendingCall[] = [];
  /** Named effects that should throw when called (a storage write failing, for example). */
  readonly throwing = new Set<string>();

  action(type: string) {
    return (_: unknown, params: unknown) => {
      this.effects.push({ type, params });
      if (this.throwing.has(type)) throw new Error(`${type} failed`);
    };
  }

  actions<const TNames extends readonly string[]>(names: TNames) {
    return Object.fromEntries(names.map((name) => [name, this.action(name)])) as Record<
      TNames[number],
      (_: unknown, params: unknown) => void
    >;
  }

  promiseActor<TOutput, TInput>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: PendingCall = {
            src,
            input,
            settled: false,
            resolve: (output) => {
              call.settled = true;
              resolve(output as TOutput);
            },
            reject: (error) => {
              call.settled = true;
              reject(error);
            },
          };
          // An actor stopped by leaving its state (a new language chosen mid-load) is no longer running.
          signal.addEventListener('abort', () => {
            call.settled = true;
          });
          this.calls.push(call);
        }),
    );
  }

  pending(src: string): PendingCall {
    const open = this.calls.filter((call) => call.src === src && !call.settled);
    if (open.length !== 1) throw new Error(`Expected one running "${src}", found ${open.length}`);
    return open[0] as PendingCall;
  }

  callsOf(src: string): PendingCall[] {
    return this.calls.filter((call) => call.src === src);
  }

  effectsOf(type: string): unknown[] {
    return this.effects.filter((effect) => effect.type === type).map((effect) => effect.params);
  }
}

/** Lets promise callbacks and the actor's reactions to them run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

// ---------------------------------------------------------------------------------------------------
// The real actor under test, on a simulated clock.

interface ScheduledEvent {
  readonly event: AnyEventObject;
  readonly delay: number;
  readonly source: AnyActorRef;
}

export class Harness<TMachine extends AnyStateMachine> {
  readonly clock = new SimulatedClock();
  readonly fakes: Fakes;
  readonly actor;
  /** Transition keys the real root actor took, from its microstep inspection events. */
  readonly taken = new Set<string>();
  readonly visited = new Set<string>();
  // The scheduler stamps events with Date.now(), so their start is recorded on the simulated clock here.
  private readonly scheduledAt = new WeakMap<object, number>();

  constructor(logic: TMachine, input: InputFrom<TMachine>, fakes: Fakes) {
    this.fakes = fakes;
    // The machine itself, or a mutant of it while tests/machines/mutation.ts runs one.
    this.actor = createActor(mutated(logic), {
      input,
      clock: this.clock,
      inspect: (inspection) => {
        // Only the root actor's own transitions count (a child machine is covered by its own model).
        if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId)
          return;
        for (const t of inspection._transitions) {
          const key = transitionKey(t);
          if (key) this.taken.add(key);
          // A transient state (left by an eventless transition) shows up only as a source.
          this.visited.add(t.source.id);
        }
        for (const node of (inspection.snapshot as AnyMachineSnapshot)._nodes) this.visited.add(node.id);
      },
    });
    this.actor.system.inspect(() => this.recordSchedule());
  }

  get snapshot(): Snapshot<TMachine> {
    return this.actor.getSnapshot() as Snapshot<TMachine>;
  }

  start(): void {
    this.actor.start();
    for (const node of (this.snapshot as AnyMachineSnapshot)._nodes) this.visited.add(node.id);
    this.recordSchedule();
  }

  private recordSchedule(): void {
    for (const scheduled of Object.values(this.actor.system.getSnapshot()._scheduledEvents)) {
      if (!this.scheduledAt.has(scheduled)) this.scheduledAt.set(scheduled, this.clock.now());
    }
  }

  /** The pending delayed event of that type in any actor of the system, with its due time. */
  timer(type: string): { due: number; delay: number } {
    this.recordSchedule();
    const matches = Object.values(this.actor.system.getSnapshot()._scheduledEvents).filter(
      (scheduled: ScheduledEvent) => scheduled.event.type === type,
    );
    const scheduled = matches[0];
    if (matches.length !== 1 || !scheduled)
      throw new Error(`Expected one pending ${type}, found ${matches.length}`);
    const start = this.scheduledAt.get(scheduled) ?? this.clock.now();
    return { due: start + scheduled.delay, delay: scheduled.delay };
  }

  /**
   * Fires one delayed transition exactly when it is due, after checking that one millisecond earlier
   * nothing happened: the delay is asserted at its boundary, not just read from a constant.
   */
  async fireTimer(type: string): Promise<void> {
    const { due } = this.timer(type);
    if (due > this.clock.now()) {
      const before = view(this.snapshot);
      const effectsBefore = this.fakes.effects.length;
      this.clock.set(due - 1);
      await settle();
      expect(view(this.snapshot), `nothing may happen 1 ms before ${type}`).toEqual(before);
      expect(this.fakes.effects.length).toBe(effectsBefore);
    }
    this.clock.set(Math.max(due, this.clock.now()));
    await settle();
    this.recordSchedule();
  }

  async resolve(src: string, output: unknown): Promise<void> {
    this.fakes.pending(src).resolve(output);
    await settle();
    this.recordSchedule();
  }

  async reject(src: string, error: unknown): Promise<void> {
    this.fakes.pending(src).reject(error);
    await settle();
    this.recordSchedule();
  }

  async send(event: Event<TMachine>): Promise<void> {
    this.actor.send(event);
    await settle();
    this.recordSchedule();
  }
}

/** The part of a snapshot a path step asserts: where the machine is and what it holds. */
export function view(snapshot: AnyMachineSnapshot): { value: unknown; context: unknown; status: string } {
  return { value: snapshot.value, context: snapshot.context, status: snapshot.status };
}

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
 * An oracle: a small reference model of what SPEC.md and the issues say, written in the test folder without
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

/** Replays every generated path and reports what the real actors covered of the definition. */
export async function runModel<TMachine extends AnyStateMachine>(
  options: ReplayOptions<TMachine>,
): Promise<ModelRun> {
  const paths = generatePaths(options.model);
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
