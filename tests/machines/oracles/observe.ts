import type { AnyStateMachine } from 'xstate';
import type { EffectCall, Fakes, Harness } from '../modelHarness';

// What the oracles read of a replayed step: the effects it ran, the calls its fake actors received since the
// previous step, and the model's clock. Reading what the machine did is fine; its rules are not read here.

export const paramsOf = (effects: readonly EffectCall[], type: string): unknown[] =>
  effects.filter((effect) => effect.type === type).map((effect) => effect.params);

/** Counts each fake actor's calls step by step, so an oracle sees only the calls a step started. */
export class CallLog {
  private readonly seen = new Map<string, number>();

  /** The calls of `src` started since the last time this was asked. */
  newCalls(fakes: Fakes, src: string): { input: unknown; settled: boolean }[] {
    const calls = fakes.callsOf(src);
    const from = this.seen.get(src) ?? 0;
    this.seen.set(src, calls.length);
    return calls.slice(from);
  }
}

/** The calls of `src` still running (not answered, not stopped). */
export const running = (fakes: Fakes, src: string) => fakes.callsOf(src).filter((call) => !call.settled);

/**
 * The app's clock as the machine is told it: the last `now` an event carried, moved on by the simulated clock
 * since. A machine without a clock of its own is still judged against real time this way.
 */
export class ModelClock {
  private now = 0;
  private at = 0;

  set<TMachine extends AnyStateMachine>(now: number, harness: Harness<TMachine>): void {
    this.now = now;
    this.at = harness.clock.now();
  }

  read<TMachine extends AnyStateMachine>(harness: Harness<TMachine>): number {
    return this.now + harness.clock.now() - this.at;
  }
}
