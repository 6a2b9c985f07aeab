import { describe, expect, it, vi } from 'vitest';
import {
  createInstallPromptBridge,
  detectIos,
  detectStandalone,
} from '../../../src/services/pwa/install-prompt-bridge';

const ANDROID = {
  userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36',
  platform: 'Linux armv8l',
  maxTouchPoints: 5,
};

function beforeInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  return Object.assign(event, {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
}

describe('install prompt bridge', () => {
  it('captures beforeinstallprompt, keeps Chromium’s own infobar away and replays it to a late subscriber', async () => {
    const target = new EventTarget() as unknown as Window;
    const bridge = createInstallPromptBridge(target, ANDROID);
    const event = beforeInstallPrompt('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const seen: string[] = [];
    bridge.subscribe((e) => seen.push(e.type));
    expect(seen).toEqual(['install.available']);
    await expect(bridge.prompt()).resolves.toBe('accepted');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // A prompt can be shown once.
    await expect(bridge.prompt()).rejects.toThrow();
  });

  it('reports appinstalled', () => {
    const target = new EventTarget() as unknown as Window;
    const bridge = createInstallPromptBridge(target, ANDROID);
    const seen: string[] = [];
    bridge.subscribe((e) => seen.push(e.type));
    target.dispatchEvent(new Event('appinstalled'));
    expect(seen).toEqual(['install.installed']);
  });

  it('recognises iPhones and iPads (which say they are Macs)', () => {
    expect(detectIos(ANDROID)).toBe(false);
    expect(
      detectIos({
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
        platform: 'iPhone',
        maxTouchPoints: 5,
      }),
    ).toBe(true);
    expect(
      detectIos({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 5,
      }),
    ).toBe(true);
    expect(
      detectIos({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
  });

  it('knows when it was opened from the home screen', () => {
    expect(detectStandalone({ standalone: true })).toBe(true);
    expect(detectStandalone({ matchMedia: () => ({ matches: true }) })).toBe(true);
    expect(detectStandalone({ matchMedia: () => ({ matches: false }) })).toBe(false);
  });
});
