import { expect } from 'vitest';
import { englishText, type MessageKey } from '../../../machines/messages';
import type { serviceWorkerMachine } from '../../../machines/serviceWorker';
import { selectIsRegistered, selectUpdatePrompt } from '../../../machines/serviceWorker';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// docs/product.md §8 and §9, and the toast durations of machines/README.md, written again without the machine: in
// production only (and where the browser has service workers), the worker registers once the app is stable
// or 30 000 ms after start at the latest; an update is looked for every 21 600 000 ms (6 h); 'App is ready
// for offline use!' shows 3 s; 'New version available! Update now?' waits for Update or Later; Later (or an
// update that could not take over) says 'New version available! Reload to update.' for 5 s; the page reloads
// once, after the new worker took over.

const SPEC = { registerAtLatest: 30_000, updateEvery: 21_600_000, shortToast: 3_000, longToast: 5_000 };
const TEXT: Partial<Record<MessageKey, string>> = {
  offlineReady: 'App is ready for offline use!',
  updateAvailable: 'New version available! Update now?',
  reloadToUpdate: 'New version available! Reload to update.',
};

type Phase = 'waiting' | 'registering' | 'registered' | 'asking' | 'activating' | 'reloading' | 'off';

export const serviceWorkerOracle: Oracle<typeof serviceWorkerMachine> = (input) => {
  let phase: Phase = input.isProduction && input.isSupported ? 'waiting' : 'off';
  // Simulated-clock time since which the next update check is counted (registration, or the last check).
  let periodFrom: number | null = null;
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const now = harness.clock.now();
    const registrations = calls.newCalls(harness.fakes, 'registerWorker');
    const checks = calls.newCalls(harness.fakes, 'checkForUpdate');
    const activations = calls.newCalls(harness.fakes, 'activateUpdate');
    let toast: { key: MessageKey; durationMs: number } | null = null;
    let registers = false;
    switch (event.type) {
      case 'app.stable':
        registers = phase === 'waiting';
        break;
      case 'xstate.after.registerAtLatest.serviceWorker.waitingToRegister':
        expect(now, 'registered 30 s after start at the latest').toBe(SPEC.registerAtLatest);
        registers = phase === 'waiting';
        break;
      case 'xstate.done.actor.registerWorker':
        phase = 'registered';
        periodFrom = now;
        break;
      case 'xstate.error.actor.registerWorker':
        phase = 'off';
        break;
      case 'xstate.after.updateCheckEvery.serviceWorker.registered.idle':
        expect(periodFrom === null ? null : now - periodFrom, 'an update check every 6 h').toBe(
          SPEC.updateEvery,
        );
        expect(checks).toHaveLength(1);
        break;
      case 'xstate.done.actor.checkForUpdate':
      case 'xstate.error.actor.checkForUpdate':
        periodFrom = now;
        break;
      case 'sw.offlineReady':
        if (phase === 'registering' || phase === 'registered')
          toast = { key: 'offlineReady', durationMs: SPEC.shortToast };
        break;
      case 'sw.updateAvailable':
        if (phase === 'registering' || phase === 'registered') phase = 'asking';
        break;
      case 'sw.later':
        if (phase === 'asking') {
          phase = 'registered';
          periodFrom = now;
          toast = { key: 'reloadToUpdate', durationMs: SPEC.longToast };
        }
        break;
      case 'sw.update':
        if (phase === 'asking') phase = 'activating';
        expect(activations).toHaveLength(phase === 'activating' && event.type === 'sw.update' ? 1 : 0);
        break;
      case 'xstate.done.actor.activateUpdate':
        phase = 'reloading';
        break;
      case 'xstate.error.actor.activateUpdate':
        phase = 'registered';
        periodFrom = now;
        toast = { key: 'reloadToUpdate', durationMs: SPEC.longToast };
        break;
    }
    if (registers) phase = 'registering';
    expect(registrations, `registration on ${event.type}`).toHaveLength(registers ? 1 : 0);
    if (!event.type.startsWith('xstate.after.updateCheckEvery')) expect(checks).toEqual([]);
    if (event.type !== 'sw.update') expect(activations).toEqual([]);
    const toasts = paramsOf(effects, 'showToast') as { key: MessageKey; durationMs: number }[];
    expect(toasts, `toasts on ${event.type}`).toEqual(toast ? [toast] : []);
    for (const shown of toasts) expect(englishText({ key: shown.key })).toBe(TEXT[shown.key]);
    expect(paramsOf(effects, 'reload'), 'one reload, once the new worker took over').toHaveLength(
      event.type === 'xstate.done.actor.activateUpdate' ? 1 : 0,
    );
    const prompt = selectUpdatePrompt(harness.snapshot);
    expect(prompt && englishText({ key: prompt.messageKey })).toBe(
      phase === 'asking' ? TEXT.updateAvailable : null,
    );
    expect(selectIsRegistered(harness.snapshot)).toBe(phase === 'registered');
    if (phase === 'off') expect(harness.fakes.callsOf('registerWorker').length).toBeLessThanOrEqual(1);
    if (!(input.isProduction && input.isSupported))
      expect(harness.fakes.calls, 'nothing outside production').toEqual([]);
  };
};
