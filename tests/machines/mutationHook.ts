import type { AnyStateMachine } from 'xstate';

// The one seam between the harness and the mutants (tests/machines/mutation.ts): while a mutant runs, every
// Harness starts the mutated machine instead of the one its model file provided with fakes.

/** One rule changed, as a function of the machine (fakes already provided, for the harness's copy). */
export type Mutation = (machine: AnyStateMachine) => AnyStateMachine;

let active: Mutation | null = null;

/** The machine a Harness starts: the mutated one while a mutant runs. */
export function mutated<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  return active ? (active(machine) as TMachine) : machine;
}

/** Runs `run` with every Harness started from the mutated machine. */
export async function underMutation<T>(mutation: Mutation, run: () => Promise<T>): Promise<T> {
  active = mutation;
  try {
    return await run();
  } finally {
    active = null;
  }
}
