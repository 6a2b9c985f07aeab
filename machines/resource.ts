import type { SnapshotFrom } from 'xstate';
import { assign, fromPromise, setup } from 'xstate';
import { failureText as describe, notProvided } from './notProvided';

// A screen's data: a list or a detail loaded from the server. The screen shows a skeleton while loading,
// the data when ready, and a translated error with a retry button when the load failed. The loader is the
// app's (an endpoint call provided with `provide()`); the machine only sequences it.
//
// Offline (issue 18): no screen waits for ever and none is left with only "Network error". When the server
// cannot answer (no connection, no answer within `loadTimeout`, or the server itself down), the machine
// reads the device's last copy of the same data (`readCopy`) and shows it as `saved`, with the date it was
// saved; a fresh answer is handed to `keepCopy` to become that copy. An answer the service worker gave from
// its cache is a copy too (`load` says so with its `savedAt`). Without a copy the screen fails, saying
// whether the connection is the cause (the screen then says what still works offline). A copy on screen is
// checked again on Retry and when the connection comes back (`resource.online`), and stays shown until a
// fresh answer replaces it.

/** Why a load failed, as the app classified it. */
export type ResourceFailure =
  /** No answer at all: no connection, or none within `loadTimeout`. */
  | 'offline'
  /** The server answered that it cannot serve now (5xx). */
  | 'unavailable'
  /** The server's answer about this request (not found, not allowed…): a copy does not stand in. */
  | 'refused';

/** What `load` answers: the data, and when it is a copy the worker kept on the device, that copy's date. */
export interface ResourceAnswer {
  readonly data: unknown;
  /** ISO 8601; null for a fresh answer from the server. */
  readonly savedAt: string | null;
}

/** The device's last copy of a screen's data (`readCopy`'s answer when there is one). */
export interface ResourceCopy {
  readonly data: unknown;
  /** ISO 8601: when the app received it fresh from the server. */
  readonly savedAt: string;
}

export const RESOURCE_DELAYS = {
  /**
   * A load still unanswered after this long counts as no answer (a connection that connects but delivers
   * nothing): the screen shows the device's copy or says it is offline, instead of a skeleton for ever.
   */
  loadTimeout: 20_000,
} as const;

export type ResourceEvent =
  | { type: 'resource.retry' }
  /** New parameters (another section, another video): load again with them. */
  | { type: 'resource.reload'; params: unknown }
  /** The device has a connection again: a copy or an offline failure is checked with the server. */
  | { type: 'resource.online' };

export interface ResourceContext {
  readonly params: unknown;
  readonly data: unknown;
  /** When `data` is a device copy, the date it was saved; null when it came fresh from the server. */
  readonly savedAt: string | null;
  /** The last failure's text as the app described it (already translated); null after a timeout. */
  readonly error: string | null;
  /** Why the last load failed, or why a copy is shown; null after a fresh answer. */
  readonly failure: ResourceFailure | null;
}

export interface ResourceInput {
  readonly params?: unknown;
}

const FAILURES: readonly ResourceFailure[] = ['offline', 'unavailable', 'refused'];

/** The failure's kind as the app's `load` tagged it (`kind` on the error); untagged failures are refusals. */
export function failureOf(error: unknown): ResourceFailure {
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined;
  return FAILURES.includes(kind as ResourceFailure) ? (kind as ResourceFailure) : 'refused';
}

const isAnswer = (output: unknown): output is ResourceAnswer =>
  typeof output === 'object' && output !== null && 'data' in output && 'savedAt' in output;

const resourceSetup = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as ResourceInput,
  },
  actors: {
    load: notProvided<ResourceAnswer, unknown>('load'),
    /** The device's copy for these params, or null; the app's default keeps none. */
    readCopy: fromPromise<ResourceCopy | null, unknown>(async () => null),
  },
  delays: RESOURCE_DELAYS,
  guards: {
    answeredFromDevice: ({ event }) => {
      const output = (event as { output?: unknown }).output;
      return isAnswer(output) && output.savedAt !== null;
    },
    copyMayStandIn: ({ event }) => failureOf((event as { error?: unknown }).error) !== 'refused',
    copyFound: ({ event }) => (event as { output?: unknown }).output != null,
    failedOffline: ({ context }) => context.failure === 'offline',
  },
  actions: {
    takeParams: assign({ params: (_, params: { params: unknown }) => params.params }),
    /** The app keeps a fresh answer as the device's copy of these params. */
    keepCopy: (_, _params: { params: unknown; data: unknown }) => {},
    showFresh: assign((_, params: { data: unknown }) => ({
      data: params.data,
      savedAt: null,
      error: null,
      failure: null,
    })),
    /** A copy (the worker's or the device's), shown because the server could not answer. */
    showCopy: assign((_, params: { copy: ResourceCopy }) => ({
      data: params.copy.data,
      savedAt: params.copy.savedAt,
    })),
    noteFailure: assign((_, params: { error: unknown }) => ({
      error: describe(params.error),
      failure: failureOf(params.error),
    })),
    /**
     * No answer within `loadTimeout`, or an answer from the worker's cache (it keeps copies only for a network
     * that failed): either way the device is offline.
     */
    noteOffline: assign({ error: null, failure: 'offline' as const }),
  },
});

/**
 * Asking the server, for the first load and for the check of a copy on screen: a fresh answer is shown and
 * kept as the device's copy; an answer the worker gave from its cache is a copy, shown as one. Each state adds
 * where a failure and a silence lead.
 */
const askServer = resourceSetup.createStateConfig({
  invoke: {
    id: 'load',
    src: 'load',
    input: ({ context }: { context: ResourceContext }) => context.params,
    onDone: [
      {
        guard: 'answeredFromDevice',
        target: '#resource.saved.shown',
        actions: [
          { type: 'showCopy', params: ({ event }) => ({ copy: event.output as ResourceCopy }) },
          'noteOffline',
        ],
      },
      {
        target: '#resource.ready',
        actions: [
          { type: 'showFresh', params: ({ event }) => ({ data: event.output.data }) },
          {
            type: 'keepCopy',
            params: ({ context, event }) => ({ params: context.params, data: event.output.data }),
          },
        ],
      },
    ],
  },
});

export const resourceMachine = resourceSetup.createMachine({
  id: 'resource',
  context: ({ input }) => ({
    params: input.params ?? null,
    data: null,
    savedAt: null,
    error: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        ...askServer.invoke,
        onError: [
          {
            guard: 'copyMayStandIn',
            target: 'findingCopy',
            actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      after: { loadTimeout: { target: 'findingCopy', actions: 'noteOffline' } },
    },
    /** The server could not answer: the device's last copy of the same data, if it has one. */
    findingCopy: {
      invoke: {
        id: 'readCopy',
        src: 'readCopy',
        input: ({ context }: { context: ResourceContext }) => context.params,
        onDone: [
          {
            guard: 'copyFound',
            target: 'saved',
            actions: { type: 'showCopy', params: ({ event }) => ({ copy: event.output as ResourceCopy }) },
          },
          { target: 'failed' },
        ],
        // A device that cannot read its storage has no copy to show: the failure stands.
        onError: { target: 'failed' },
      },
    },
    ready: {},
    /** A copy on screen, with its date; Retry or the connection's return asks the server again. */
    saved: {
      initial: 'shown',
      states: {
        shown: {
          on: { 'resource.retry': 'checking', 'resource.online': 'checking' },
        },
        /** The copy stays on screen while the server is asked. */
        checking: {
          invoke: {
            ...askServer.invoke,
            onError: {
              target: 'shown',
              actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          after: { loadTimeout: { target: 'shown', actions: 'noteOffline' } },
        },
      },
    },
    failed: {
      on: {
        'resource.retry': 'loading',
        'resource.online': { guard: 'failedOffline', target: 'loading' },
      },
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

/** Nothing to show yet: the first load, or a load with new params (the screen decides what stays shown). */
export const selectIsLoading = (snapshot: ResourceSnapshot): boolean =>
  snapshot.matches('loading') || snapshot.matches('findingCopy');
/** The failure's text when the load failed with no copy to show; '' for a load that got no answer at all. */
export const selectError = (snapshot: ResourceSnapshot): string | null =>
  snapshot.matches('failed') ? (snapshot.context.error ?? '') : null;
/** The loaded data, typed by the screen that provided the loader; null until the first load succeeds. */
export const selectData = <T>(snapshot: ResourceSnapshot): T | null => snapshot.context.data as T | null;
/** The date of the device copy the data is, or null when it came fresh from the server. */
export const selectSavedAt = (snapshot: ResourceSnapshot): string | null => snapshot.context.savedAt;
/** The screen is offline: its copy or its failure is for want of a connection. */
export const selectIsOffline = (snapshot: ResourceSnapshot): boolean =>
  (snapshot.matches('failed') || snapshot.matches('saved')) && snapshot.context.failure === 'offline';
/** A copy is on screen while the server is asked again. */
export const selectIsChecking = (snapshot: ResourceSnapshot): boolean =>
  snapshot.matches({ saved: 'checking' });
/** Asking again failed while a copy is on screen: the reason, to say beside the copy. */
export const selectCopyError = (snapshot: ResourceSnapshot): string | null =>
  snapshot.matches({ saved: 'shown' }) && snapshot.context.failure !== 'offline'
    ? snapshot.context.error
    : null;
