/**
 * At most `concurrency` tasks run at once; up to `maxWaiting` more wait their turn, first come first served;
 * beyond that a newcomer is refused at once (QueueFullError) instead of making everyone wait longer.
 * A place is taken before its task is known (enter()), so a caller can check other things first and give the
 * place back (leave()) without ever having queued work.
 */
export class QueueFullError extends Error {
  /** About how long the line ahead takes to clear, from the tasks' measured durations. */
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super('queue full');
    this.name = 'QueueFullError';
    this.retryAfterMs = retryAfterMs;
  }
}

export interface QueuePlace {
  /** Runs the task in this place once a running slot is free (once per place). */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the place back unused; nothing once run() was called. */
  leave(): void;
}

export interface BoundedQueueStats {
  running: number;
  /** Places taken that are not running yet. */
  waiting: number;
}

export interface BoundedQueue {
  /** A place in line, or QueueFullError when the line is full. */
  enter(): QueuePlace;
  stats(): BoundedQueueStats;
}

/** Weight of the newest duration in the running average used for Retry-After. */
const AVERAGE_WEIGHT = 0.2;

export function boundedQueue(options: { concurrency: number; maxWaiting: number }): BoundedQueue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const capacity = concurrency + Math.max(0, Math.floor(options.maxWaiting));
  let taken = 0;
  let running = 0;
  let averageMs: number | undefined;
  const line: Array<() => void> = [];

  const finish = (startedAt: number) => {
    const duration = performance.now() - startedAt;
    averageMs = averageMs === undefined ? duration : averageMs + AVERAGE_WEIGHT * (duration - averageMs);
    taken -= 1;
    // The slot passes straight to the next in line, so nobody arriving meanwhile can take it.
    const next = line.shift();
    if (next === undefined) running -= 1;
    else next();
  };

  return {
    enter() {
      if (taken >= capacity) {
        const waiting = taken - running;
        throw new QueueFullError(((waiting + 1) * (averageMs ?? 0)) / concurrency);
      }
      taken += 1;
      let state: 'placed' | 'used' | 'left' = 'placed';
      return {
        async run(task) {
          if (state !== 'placed') throw new Error('a queue place runs one task');
          state = 'used';
          if (running < concurrency) running += 1;
          else await new Promise<void>((resolve) => line.push(resolve));
          const startedAt = performance.now();
          try {
            return await task();
          } finally {
            finish(startedAt);
          }
        },
        leave() {
          if (state !== 'placed') return;
          state = 'left';
          taken -= 1;
        },
      };
    },
    stats: () => ({ running, waiting: taken - running }),
  };
}
