import { fromPromise } from 'xstate';

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
