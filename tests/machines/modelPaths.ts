import type {
  ActorLogic,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { getNextTransitions } from 'xstate';
import type { PathGenerator, StatePath, TestPath } from 'xstate/graph';
import { getStateNodes, TestModel } from 'xstate/graph';

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
