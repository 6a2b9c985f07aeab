import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVATION_TIMEOUT_MS,
  createServiceWorkerBridge,
  type WorkboxLifecycle,
  type WorkboxLike,
} from '../../../src/services/pwa/service-worker-bridge';

type Listener = (event: WorkboxLifecycle) => void;

function fakeWorkbox() {
  const listeners = new Map<string, Set<Listener>>();
  const wb: WorkboxLike & { emit(type: string, event?: WorkboxLifecycle): void } = {
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    addEventListener: (type, listener) => {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    emit: (type, event = {}) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
  };
  return wb;
}

afterEach(() => vi.useRealTimers());

describe('service worker bridge', () => {
  it('registers ./sw.js relative to the page and turns the lifecycle into sw.* events', async () => {
    const wb = fakeWorkbox();
    const createWorkbox = vi.fn(async () => wb);
    const bridge = createServiceWorkerBridge({ isSupported: true, createWorkbox });
    const events: string[] = [];
    bridge.subscribe((event) => events.push(event.type));
    await bridge.register();
    expect(createWorkbox).toHaveBeenCalledWith('./sw.js');
    expect(wb.register).toHaveBeenCalledTimes(1);
    wb.emit('installed', { isUpdate: false });
    wb.emit('installed', { isUpdate: true });
    wb.emit('waiting', {});
    expect(events).toEqual(['sw.offlineReady', 'sw.updateAvailable']);
    await bridge.checkForUpdate();
    expect(wb.update).toHaveBeenCalledTimes(1);
  });

  it('activates the waiting worker and resolves once it controls the page', async () => {
    const wb = fakeWorkbox();
    const bridge = createServiceWorkerBridge({ isSupported: true, createWorkbox: async () => wb });
    await bridge.register();
    const activated = bridge.activateUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    wb.emit('controlling', { isUpdate: true });
    await expect(activated).resolves.toBeUndefined();
  });

  it('gives up when the new worker never takes control', async () => {
    vi.useFakeTimers();
    const wb = fakeWorkbox();
    const bridge = createServiceWorkerBridge({ isSupported: true, createWorkbox: async () => wb });
    await bridge.register();
    const activated = bridge.activateUpdate();
    vi.advanceTimersByTime(ACTIVATION_TIMEOUT_MS);
    await expect(activated).rejects.toThrow('did not take control');
  });

  it('cannot activate before registering', async () => {
    const bridge = createServiceWorkerBridge({ isSupported: true, createWorkbox: async () => fakeWorkbox() });
    await expect(bridge.activateUpdate()).rejects.toThrow();
  });
});
