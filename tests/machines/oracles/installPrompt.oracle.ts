import { expect } from 'vitest';
import type { installPromptMachine } from '../../../machines/installPrompt';
import { selectInstallBanner, selectIsInstalling } from '../../../machines/installPrompt';
import { englishText } from '../../../machines/messages';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// docs/product.md §2 "Install prompt banner", §4 and §8, and machines/README.md, written again without the machine:
// the banner shows when the browser offered the install, or on iOS, unless dismissed before or already
// running installed; its text is 'Install our app for a better experience', on iOS 'Tap Share then Add to Home
// Screen' with a show-instructions button; dismissing hides it for good and is persisted; an installation
// says 'App installed successfully!' for 3 s (information only, the short duration), once. A prompt the
// student declined hides the banner until the browser offers a new one.

const TEXT = {
  invitation: 'Install our app for a better experience',
  ios: 'Tap Share then Add to Home Screen',
  installed: 'App installed successfully!',
};

export const installPromptOracle: Oracle<typeof installPromptMachine> = (input) => {
  const standalone = input.isStandalone;
  let dismissed = input.dismissed;
  let offered = false;
  let prompting = false;
  let installed = false;
  let instructions = false;
  const calls = new CallLog();
  const bannerShown = () => !standalone && !dismissed && !installed && !prompting && (input.isIos || offered);

  return (harness, { event, effects }) => {
    const wasShown = bannerShown();
    const prompts = calls.newCalls(harness.fakes, 'promptInstall');
    let announced = false;
    switch (event.type) {
      case 'install.available':
        offered = true;
        break;
      case 'install.accept':
        prompting = wasShown;
        break;
      case 'install.showInstructions':
        instructions = wasShown && input.isIos;
        break;
      case 'install.dismiss':
        if (wasShown) dismissed = true;
        expect(paramsOf(effects, 'persistDismissed'), 'a dismissal is kept').toHaveLength(wasShown ? 1 : 0);
        break;
      case 'install.installed':
        announced = !standalone && !installed;
        installed = true;
        break;
      case 'xstate.done.actor.promptInstall':
      case 'xstate.error.actor.promptInstall': {
        prompting = false;
        const accepted = (event as { output?: unknown }).output === 'accepted';
        announced = accepted;
        installed ||= accepted;
        // A captured prompt is used once: declined, the banner waits for the browser's next offer.
        offered = false;
        break;
      }
    }
    if (event.type !== 'install.dismiss') expect(paramsOf(effects, 'persistDismissed')).toEqual([]);
    expect(prompts, 'the browser prompt opens on Install only').toHaveLength(
      event.type === 'install.accept' && wasShown ? 1 : 0,
    );
    expect(selectIsInstalling(harness.snapshot)).toBe(prompting);
    expect(paramsOf(effects, 'showToast'), `the installation is announced once (${event.type})`).toEqual(
      announced ? [{ key: 'appInstalled', durationMs: 3_000 }] : [],
    );
    for (const toast of paramsOf(effects, 'showToast'))
      expect(englishText(toast as { key: 'appInstalled' })).toBe(TEXT.installed);

    const banner = selectInstallBanner(harness.snapshot);
    if (!bannerShown()) {
      expect(banner, `no banner after ${event.type}`).toBeNull();
      return;
    }
    expect(banner, `the banner after ${event.type}`).not.toBeNull();
    if (!banner) return;
    expect(englishText({ key: banner.messageKey })).toBe(input.isIos ? TEXT.ios : TEXT.invitation);
    expect(banner.mode).toBe(input.isIos ? 'ios' : 'install');
    if (banner.mode === 'ios') expect(banner.instructionsVisible).toBe(instructions);
  };
};
