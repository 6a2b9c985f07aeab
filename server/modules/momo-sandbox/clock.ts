/**
 * Time as the emulator sees it. Injectable so tests move time forward instead of sleeping,
 * and so a settlement (and its callback) happens at an exact, reproducible moment.
 */
export interface SandboxClock {
  now(): number;
  /** Runs `run` once `ms` have passed; returns a function that cancels it. */
  schedule(run: () => void, ms: number): () => void;
}

export const systemClock: SandboxClock = {
  now: () => Date.now(),
  schedule(run, ms) {
    const timer = setTimeout(run, ms);
    // A pending settlement must never keep the server process alive on shutdown.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface ScheduledRun {
  at: number;
  run: () => void;
  cancelled: boolean;
}

/** A clock that only moves when told to; due runs fire in time order during `advance`. */
export class ManualClock implements SandboxClock {
  #now: number;
  #queue: ScheduledRun[] = [];

  constructor(start = Date.UTC(2025, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(run: () => void, ms: number): () => void {
    const entry: ScheduledRun = { at: this.#now + Math.max(0, ms), run, cancelled: false };
    this.#queue.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }

  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#queue
        .filter((entry) => !entry.cancelled && entry.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#queue = this.#queue.filter((entry) => entry !== due);
      this.#now = Math.max(this.#now, due.at);
      due.run();
    }
    this.#now = target;
  }

  /** Number of scheduled runs not yet fired nor cancelled. */
  get pending(): number {
    return this.#queue.filter((entry) => !entry.cancelled).length;
  }
}
