import type { AnyEventObject } from 'xstate';
import type { InstallPromptEvent, InstallPromptInput } from '../../machines/installPrompt';
import { installPromptMachine } from '../../machines/installPrompt';
import type { EventExecutors, MachineModel } from './modelHarness';
import { Fakes, generatePaths, Harness } from './modelHarness';

export const BROWSER: InstallPromptInput = { dismissed: false, isIos: false, isStandalone: false };
export const IOS: InstallPromptInput = { dismissed: false, isIos: true, isStandalone: false };
export const DISMISSED: InstallPromptInput = { dismissed: true, isIos: false, isStandalone: false };
export const STANDALONE: InstallPromptInput = { dismissed: false, isIos: true, isStandalone: true };

export const installPromptEventSamples = {
  'install.available': () => [{ type: 'install.available' }],
  'install.accept': () => [{ type: 'install.accept' }],
  'install.showInstructions': () => [{ type: 'install.showInstructions' }],
  'install.dismiss': () => [{ type: 'install.dismiss' }],
  'install.installed': () => [{ type: 'install.installed' }],
} satisfies Record<InstallPromptEvent['type'], () => readonly InstallPromptEvent[]>;

export const installPromptInternalSamples = {
  'xstate.done.actor.promptInstall': () => [
    { type: 'xstate.done.actor.promptInstall', output: 'accepted' },
    { type: 'xstate.done.actor.promptInstall', output: 'dismissed' },
  ],
  'xstate.error.actor.promptInstall': () => [
    { type: 'xstate.error.actor.promptInstall', error: new Error('The prompt was already used') },
  ],
} satisfies Record<string, () => readonly AnyEventObject[]>;

export const installPromptModel: MachineModel<typeof installPromptMachine> = {
  machine: installPromptMachine,
  inputs: [BROWSER, IOS, DISMISSED, STANDALONE],
  samples: { ...installPromptEventSamples, ...installPromptInternalSamples },
};

export const INSTALL_PROMPT_EFFECTS = ['persistDismissed', 'showToast'] as const;

export function createInstallPromptHarness(input: InstallPromptInput): Harness<typeof installPromptMachine> {
  const fakes = new Fakes();
  const logic = installPromptMachine.provide({
    actions: fakes.actions(INSTALL_PROMPT_EFFECTS),
    actors: { promptInstall: fakes.promiseActor('promptInstall') },
  });
  return new Harness(logic, input, fakes);
}

export const installPromptExecutors: EventExecutors<typeof installPromptMachine> = {
  'install.available': (harness, event) => harness.send(event),
  'install.accept': (harness, event) => harness.send(event),
  'install.showInstructions': (harness, event) => harness.send(event),
  'install.dismiss': (harness, event) => harness.send(event),
  'install.installed': (harness, event) => harness.send(event),
};

export const installPromptPaths = () => generatePaths(installPromptModel);
