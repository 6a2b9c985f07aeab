import i18next from 'i18next';
import { createActor, fromPromise } from 'xstate';
import { type ClearSessionInput, type SessionCredentials, sessionMachine } from '../../../machines/session';
import en from '../../../public/assets/i18n/en.json';
import { mergeDocument } from '../../../server/modules/planner/merge';
import { overlapOf } from '../../../server/modules/planner/overlap';
import type { PlannerDeps } from '../../../src/app/planner-runtime';
import { ApiError } from '../../../src/rules/api-errors';
import type { DocKind, ServerDoc, TimetableData } from '../../../src/rules/planner-docs';
import type { ApiClient, ApiRequest } from '../../../src/services/api/client';
import { amina } from '../screens/account-fixtures';

/**
 * The planner module as the app sees it over HTTP, in memory: revisions, history and the server's own merge
 * (server/modules/planner/merge.ts) and its overlap rule (overlap.ts: a 400 for a write whose periods
 * overlap, a 409 for a merge that would), so two devices' offline edits meet the real conflict rule. `down`
 * makes every call fail as a lost connection does.
 */
export class FakePlannerServer {
  readonly docs = new Map<string, ServerDoc>();
  readonly history = new Map<string, { deleted: boolean; data: Record<string, unknown> }>();
  down = false;
  calls: string[] = [];
  private copies = 0;

  client(): ApiClient {
    return {
      request: async <T>(request: ApiRequest): Promise<T> => {
        this.calls.push(`${request.method} ${request.path}`);
        if (this.down) throw new ApiError({ status: 0, key: 'errors.network' });
        if (request.method === 'GET' && request.path === 'planner') {
          return { success: true, documents: [...this.docs.values()] } as T;
        }
        const match = /^planner\/(timetable|list|item)\/(.+)$/.exec(request.path);
        if (request.method === 'PUT' && match) {
          return this.put(
            match[1] as DocKind,
            decodeURIComponent(match[2] ?? ''),
            request.body as never,
          ) as T;
        }
        throw new Error(`unexpected ${request.method} ${request.path}`);
      },
      clearCache: () => {},
    };
  }

  put(
    kind: DocKind,
    id: string,
    body: { baseRevision: number; deleted: boolean; data: Record<string, unknown> },
  ) {
    const key = `${kind}:${id}`;
    const current = this.docs.get(key);
    const write = (version: { deleted: boolean; data: Record<string, unknown> }) => {
      const revision = (current?.revision ?? 0) + 1;
      const doc: ServerDoc = { kind, id, revision, updatedAt: new Date().toISOString(), ...version };
      this.docs.set(key, doc);
      this.history.set(`${key}@${revision}`, version);
      return doc;
    };
    const refuseOverlap = (data: Record<string, unknown>, written?: Record<string, unknown>) => {
      if (kind !== 'timetable' || body.deleted) return;
      const overlap = overlapOf(data as unknown as TimetableData, written as unknown as TimetableData);
      if (overlap === null) return;
      const serverMsg = `Two periods overlap on day ${overlap.day}.`;
      const status = overlap.fromOtherDevice ? 409 : 400;
      throw new ApiError({ status, serverMsg, body: { success: false, msg: serverMsg, overlap } });
    };
    refuseOverlap(body.data);
    if (!current || current.revision === body.baseRevision) {
      return { success: true, document: write(body), merged: false, conflicts: [] };
    }
    const base = this.history.get(`${key}@${body.baseRevision}`) ?? null;
    const result = mergeDocument(kind, base, current, body, () => `copy-${++this.copies}`);
    if (!result.deleted) refuseOverlap(result.data, body.data);
    return { success: true, document: write(result), merged: true, conflicts: result.conflicts };
  }
}

export const STUDENT_CREDENTIALS = (now: number): SessionCredentials => ({
  token: 'jwt.planner',
  user: { ...amina, id: 'u-planner' },
  expiresAt: now + 24 * 3600 * 1000,
  now,
});

/** The deps main.tsx gives the planner, for a device of its own: session, clock, translation. */
export function plannerDeps(
  server: FakePlannerServer,
  options: { now?: () => number; loggedIn?: boolean } = {},
) {
  const now = options.now ?? (() => Date.now());
  const session = createActor(
    sessionMachine.provide({
      actors: { clearSession: fromPromise<void, ClearSessionInput>(async () => {}) },
    }),
  ).start();
  const credentials = STUDENT_CREDENTIALS(now());
  session.send(
    options.loggedIn === false
      ? { type: 'session.restore', ...credentials, token: null, user: null }
      : { type: 'session.restore', ...credentials },
  );
  // A plain instance: the notifications' texts only (a react-i18next instance here would take over the screen's).
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  const navigated: string[] = [];
  const deps: PlannerDeps = {
    client: server.client(),
    session,
    now,
    navigate: (path) => navigated.push(path),
    translate: (key, params) => i18n.t(key, params ?? {}),
    language: () => 'en',
    describeError: (error) => (error instanceof Error ? error.message : String(error)),
    nativeShell: false,
  };
  return { deps, session, navigated };
}

/** Lets the runtime's promises and the actors' reactions run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < 30; i++) await Promise.resolve();
}
