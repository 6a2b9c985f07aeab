import { describe, expect, it } from 'vitest';
import {
  INSTALL_PROMPT_DELAYS,
  selectInstallBanner,
  selectIsBannerVisible,
} from '../../machines/installPrompt';
import { MESSAGES } from '../../machines/messages';
import { BROWSER, createInstallPromptHarness, DISMISSED, IOS, STANDALONE } from './installPrompt.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

describe('installPrompt machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.installPrompt);
    console.log(`installPrompt: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('offers install when the browser allows it, and announces the installation once', async () => {
    const harness = createInstallPromptHarness(BROWSER);
    harness.start();
    expect(selectIsBannerVisible(harness.snapshot)).toBe(false);
    await harness.send({ type: 'install.available' });
    expect(selectInstallBanner(harness.snapshot)).toEqual({
      mode: 'install',
      messageKey: 'installInvitation',
    });
    expect(MESSAGES.installInvitation).toBe('Install our app for a better experience');
    await harness.send({ type: 'install.accept' });
    await harness.resolve('promptInstall', 'accepted');
    await harness.send({ type: 'install.installed' });
    expect(harness.fakes.effectsOf('showToast')).toEqual([
      { key: 'appInstalled', durationMs: INSTALL_PROMPT_DELAYS.installedToast },
    ]);
    expect(MESSAGES.appInstalled).toBe('App installed successfully!');
  });

  it('on iOS shows the Share instructions and persists a dismissal', async () => {
    const harness = createInstallPromptHarness(IOS);
    harness.start();
    expect(selectInstallBanner(harness.snapshot)).toEqual({
      mode: 'ios',
      messageKey: 'iosInstallInstructions',
      instructionsVisible: false,
    });
    expect(MESSAGES.iosInstallInstructions).toBe('Tap Share then Add to Home Screen');
    await harness.send({ type: 'install.showInstructions' });
    expect(selectInstallBanner(harness.snapshot)).toMatchObject({ instructionsVisible: true });
    await harness.send({ type: 'install.dismiss' });
    expect(selectIsBannerVisible(harness.snapshot)).toBe(false);
    expect(harness.fakes.effectsOf('persistDismissed')).toHaveLength(1);
  });

  it('stays hidden when dismissed before or running standalone', () => {
    for (const input of [DISMISSED, STANDALONE]) {
      const harness = createInstallPromptHarness(input);
      harness.start();
      expect(selectIsBannerVisible(harness.snapshot)).toBe(false);
      expect(harness.fakes.effects).toEqual([]);
    }
  });

  it('hides the banner when the student declines the browser prompt', async () => {
    const harness = createInstallPromptHarness(BROWSER);
    harness.start();
    await harness.send({ type: 'install.available' });
    await harness.send({ type: 'install.accept' });
    await harness.resolve('promptInstall', 'dismissed');
    expect(selectIsBannerVisible(harness.snapshot)).toBe(false);
    await harness.send({ type: 'install.available' });
    expect(selectIsBannerVisible(harness.snapshot)).toBe(true);
  });
});
