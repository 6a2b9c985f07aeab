import { expect } from 'vitest';
import type {
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  SnapshotFrom,
} from 'xstate';
import { createActor, SimulatedClock } from 'xstate';
import type { Fakes } from './fakes';
import { settle } from './fakes';
import { transitionKey } from './modelPaths';
import { mutated } from './mutationHook';

type Snapshot<TMachine extends AnyStateMachine> = SnapshotFrom<TMachine>;
type Event<TMachine extends AnyStateMachine> = EventFromLogic<TMachine>;

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
