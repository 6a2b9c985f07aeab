import { createActor, fromPromise } from 'xstate';
import {
  type ResourceSnapshot,
  resourceMachine,
  selectData,
  selectError,
  selectIsLoading,
} from '../../machines/resource';

/**
 * The resource machine with the app's loader (src/app/use-resource.ts): its own chunk, so the landing
 * hydrates before it arrives (issue 12), and the root actors' chunk loads it before any other screen shows.
 */
interface ResourceActorOptions {
  /** The screen's call; the machine decides when it runs. */
  load: (params: unknown) => Promise<unknown>;
  /** Turns a failure into the text to show, in the student's language. */
  describeError: (error: unknown) => string;
  params: unknown;
}

export function createResourceActor({ load, describeError, params }: ResourceActorOptions) {
  return createActor(
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(async ({ input }) => {
          try {
            return await load(input);
          } catch (error) {
            throw new Error(describeError(error));
          }
        }),
      },
    }),
    { input: { params } },
  );
}

export type ResourceActor = ReturnType<typeof createResourceActor>;

/** What a screen shows of its data. */
export interface ResourceView {
  readonly data: unknown;
  readonly loading: boolean;
  readonly error: string | null;
}

export function resourceViewOf(snapshot: ResourceSnapshot): ResourceView {
  return { data: selectData(snapshot), loading: selectIsLoading(snapshot), error: selectError(snapshot) };
}
