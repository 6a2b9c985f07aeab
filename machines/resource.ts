import type { SnapshotFrom } from 'xstate';
import { assign, setup } from 'xstate';
import { failureText as describe, notProvided } from './notProvided';

// A screen's data: a list or a detail loaded from the server. The screen shows a skeleton while loading,
// the data when ready, and a translated error with a retry button when the load failed. The loader is the
// app's (an endpoint call provided with `provide()`); the machine only sequences it.

export type ResourceEvent =
  | { type: 'resource.retry' }
  /** New parameters (another section, another video): load again with them. */
  | { type: 'resource.reload'; params: unknown };

export interface ResourceContext {
  readonly params: unknown;
  readonly data: unknown;
  /** The error's text as the app described it (already translated). */
  readonly error: string | null;
}

export interface ResourceInput {
  readonly params?: unknown;
}

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actors: {
    load: notProvided<unknown, unknown>('load'),
  },
  actions: {
    takeParams: assign({ params: (_, params: { params: unknown }) => params.params }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ params: input.params ?? null, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: ResourceContext }) => context.params,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => describe(event.error) }) },
      },
    },
    ready: {},
    failed: {
      on: { 'resource.retry': 'loading' },
    },
  },
  on: {
    'resource.reload': {
      target: '.loading',
      actions: { type: 'takeParams', params: ({ event }) => ({ params: event.params }) },
    },
  },
});

export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

export const selectIsLoading = (snapshot: ResourceSnapshot): boolean => snapshot.matches('loading');
export const selectError = (snapshot: ResourceSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.error : null;
/** The loaded data, typed by the screen that provided the loader; null until the first load succeeds. */
export const selectData = <T>(snapshot: ResourceSnapshot): T | null => snapshot.context.data as T | null;
