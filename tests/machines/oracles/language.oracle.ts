import { expect } from 'vitest';
import type { languageMachine } from '../../../machines/language';
import { selectIsLanguageLoading, selectLanguage } from '../../../machines/language';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// SPEC.md §4 "Language" and §9, and DESIGN.md, written again without the machine: en or fr, anything else
// falls back to en (the default); the choice is persisted under `language`; the dictionary of the language
// is loaded (/assets/i18n/{lang}.json). machines/README.md: a switch that cannot load keeps the dictionary in
// use; at start, a French dictionary that cannot load falls back to English.

const supported = (value: unknown): 'en' | 'fr' => (value === 'fr' ? 'fr' : 'en');

export const languageOracle: Oracle<typeof languageMachine> = (input) => {
  let inUse: 'en' | 'fr' | null = null;
  let loading: 'en' | 'fr' | null = supported(input.stored);
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const loads = calls.newCalls(harness.fakes, 'loadDictionary').map((call) => call.input);
    let loadsNow: 'en' | 'fr' | null = null;
    switch (event.type) {
      case 'xstate.init':
        loadsNow = loading;
        break;
      case 'language.set':
        loading = supported(event.lang);
        loadsNow = loading;
        expect(paramsOf(effects, 'persistLanguage'), 'the choice is kept').toEqual([{ lang: loading }]);
        break;
      case 'xstate.done.actor.loadDictionary':
        inUse = loading;
        loading = null;
        break;
      case 'xstate.error.actor.loadDictionary':
        if (inUse === null && loading === 'fr') loadsNow = loading = 'en';
        else loading = null;
        break;
    }
    if (event.type !== 'language.set') expect(paramsOf(effects, 'persistLanguage')).toEqual([]);
    expect(loads, `dictionaries loaded on ${event.type}`).toEqual(loadsNow ? [{ lang: loadsNow }] : []);
    expect(selectIsLanguageLoading(harness.snapshot)).toBe(loading !== null);
    // The screen is in the language in use, or, before any dictionary arrived, the one being loaded.
    expect(selectLanguage(harness.snapshot)).toBe(inUse ?? loading ?? 'en');
  };
};
