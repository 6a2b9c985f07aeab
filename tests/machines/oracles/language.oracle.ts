import { expect } from 'vitest';
import type { languageMachine } from '../../../machines/language';
import { selectIsLanguageLoading, selectLanguage } from '../../../machines/language';
import type { Oracle } from '../modelHarness';
import { CallLog, paramsOf } from './observe';

// docs/product.md §4 "Language" and issue 18's rule, written again without the machine: en or fr, anything else
// falls back to en. An explicit choice wins: it is persisted under `language`, and saved with the account
// when made while signed in (unless the account holds it already). Without a choice the browser's languages
// decide: the first that is en or fr, else en. At login the account's saved language becomes the device's
// choice (also at a restored session when the device has none); a device choice the account does not hold
// (never chosen there, or a save that was lost) is saved with it. When the session ends the choice goes and
// the browser's languages decide again. The dictionary of the language shown is loaded; a switch that cannot
// load keeps the dictionary in use; at start, a dictionary that cannot load falls back to the other
// language, once.

type Lang = 'en' | 'fr';
const readable = (value: unknown): Lang | null => (value === 'en' || value === 'fr' ? value : null);
const other = (lang: Lang): Lang => (lang === 'en' ? 'fr' : 'en');
function fromBrowser(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const lang = readable(tag.toLowerCase().split('-')[0]);
    if (lang) return lang;
  }
  return 'en';
}

export const languageOracle: Oracle<typeof languageMachine> = (input) => {
  let choice = readable(input.stored);
  let signedIn = false;
  let account: Lang | null = null;
  let inUse: Lang | null = null;
  /** The language shown or about to be: the one loading, or in use. */
  let shown: Lang = choice ?? fromBrowser(input.browserLanguages);
  let loading = true;
  let triedOther = false;
  const calls = new CallLog();

  return (harness, { event, effects }) => {
    const loads = calls.newCalls(harness.fakes, 'loadDictionary').map((call) => call.input);
    let loadsNow: Lang | null = null;
    let persisted: Lang | null = null;
    let saved: Lang | null = null;
    const show = (lang: Lang, always = false) => {
      if (!always && lang === shown) return;
      shown = lang;
      loading = true;
      loadsNow = lang;
    };
    switch (event.type) {
      case 'xstate.init':
        loadsNow = shown;
        break;
      case 'language.set': {
        const lang = readable(event.lang) ?? 'en';
        choice = persisted = lang;
        if (signedIn && account !== lang) account = saved = lang;
        show(lang, true);
        break;
      }
      case 'language.signedIn': {
        signedIn = true;
        const saidByAccount = event.account === null ? null : (readable(event.account) ?? 'en');
        if (saidByAccount !== null && (event.login || choice === null)) {
          account = choice = persisted = saidByAccount;
          show(saidByAccount);
        } else if (choice !== null && choice !== saidByAccount) {
          account = saved = choice;
        } else {
          account = saidByAccount;
        }
        break;
      }
      case 'language.signedOut':
        signedIn = false;
        account = choice = null;
        show(fromBrowser(input.browserLanguages));
        break;
      case 'xstate.done.actor.loadDictionary':
        inUse = shown;
        loading = false;
        break;
      case 'xstate.error.actor.loadDictionary':
        if (inUse !== null) {
          shown = inUse;
          loading = false;
        } else if (!triedOther) {
          triedOther = true;
          show(other(shown));
        } else {
          loading = false;
        }
        break;
    }
    expect(paramsOf(effects, 'persistLanguage'), `kept on the device on ${event.type}`).toEqual(
      persisted ? [{ lang: persisted }] : [],
    );
    expect(paramsOf(effects, 'saveToAccount'), `saved with the account on ${event.type}`).toEqual(
      saved ? [{ lang: saved }] : [],
    );
    expect(loads, `dictionaries loaded on ${event.type}`).toEqual(loadsNow ? [{ lang: loadsNow }] : []);
    expect(selectIsLanguageLoading(harness.snapshot)).toBe(loading);
    // The screen is in the language in use, or, before any dictionary arrived, the one being loaded.
    expect(selectLanguage(harness.snapshot)).toBe(inUse ?? shown);
  };
};
