import type { AnyStateMachine } from 'xstate';
import { createMachine } from 'xstate';
import type { ModelRun, ReplayOptions } from './modelHarness';
import { runModel } from './modelHarness';
import { type Mutation, underMutation } from './mutationHook';

// Mutants: a machine with one rule changed (a guard, a delay, an assign, a transition), applied for one run of
// a model test and never written into machines/. The model is generated from the mutated machine too, as it
// would be if the machine itself were wrong, so the replay's own comparison of machine and model passes: only
// what the test knows independently of the machine (its oracle, tests/machines/oracles) can kill the mutant.

export type { Mutation } from './mutationHook';

/** A guard replaced; it is given the machine's `{ context, event }` and the guard's params. */
export const withGuard =
  <TArgs, TParams = unknown>(name: string, guard: (args: TArgs, params: TParams) => boolean): Mutation =>
  (machine) =>
    machine.provide({ guards: { [name]: guard } } as never);

export const withDelay =
  <TArgs>(name: string, delay: number | ((args: TArgs) => number)): Mutation =>
  (machine) =>
    machine.provide({ delays: { [name]: delay } } as never);

export const withAction =
  (name: string, action: unknown): Mutation =>
  (machine) =>
    machine.provide({ actions: { [name]: action } } as never);

type Config = Record<string, unknown>;

/** A copy of the plain objects and arrays of a config; functions and other objects are shared. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copy(entry)])) as T;
  }
  return value;
}

/** The state config at a path of state keys ([] is the root). */
export function stateAt(config: Config, path: readonly string[]): Config {
  return path.reduce<Config>((node, key) => {
    const child = (node.states as Record<string, Config> | undefined)?.[key];
    if (!child) throw new Error(`No state ${path.join('.')}`);
    return child;
  }, config);
}

/** The machine rebuilt from an edited copy of its definition, with the same implementations. */
export const withConfig =
  (edit: (config: Config) => void): Mutation =>
  (machine) => {
    const config = copy(machine.config as Config);
    edit(config);
    return createMachine(config as never, machine.implementations as never) as unknown as AnyStateMachine;
  };

export type Verdict =
  | { readonly killed: false; readonly run: ModelRun }
  | { readonly killed: true; readonly by: 'oracle' | 'coverage' | 'replay'; readonly reason: string };

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Runs a model test against a mutant: its paths generated from the mutated machine, replayed against the
 * mutated machine with fakes, its oracle checked at every step. Says whether, and by what, it was killed.
 */
export async function runMutant<TMachine extends AnyStateMachine>(
  options: ReplayOptions<TMachine>,
  mutation: Mutation,
): Promise<Verdict> {
  let oracleFailure: unknown = null;
  const { oracle } = options;
  const watched: ReplayOptions<TMachine> = {
    ...options,
    model: { ...options.model, machine: mutation(options.model.machine) as TMachine },
    ...(oracle && {
      oracle: (input) => {
        const step = oracle(input);
        return (harness, observed) => {
          try {
            step(harness, observed);
          } catch (error) {
            oracleFailure ??= error;
            throw error;
          }
        };
      },
    }),
  };
  try {
    const run = await underMutation(mutation, () => runModel(watched));
    if (run.unvisitedStates.length > 0 || run.uncoveredTransitions.length > 0) {
      const missed = [...run.unvisitedStates, ...run.uncoveredTransitions];
      return { killed: true, by: 'coverage', reason: `not reached: ${missed.join('; ')}` };
    }
    return { killed: false, run };
  } catch (error) {
    const by = oracleFailure !== null && error === oracleFailure ? 'oracle' : 'replay';
    return { killed: true, by, reason: firstLine(error) };
  }
}
