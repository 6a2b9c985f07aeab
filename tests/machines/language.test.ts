import { describe, expect, it } from 'vitest';
import { browserLanguage, languageFor } from '../../contract/rules/language';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  selectIsLanguageLoading,
  selectLanguage,
} from '../../machines/language';
import { createLanguageHarness, ENGLISH_PHONE_CHOSE_FRENCH, FRENCH_PHONE } from './language.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

describe('language machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.language);
    console.log(`language: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  }, 60_000);

  it('starts in the stored choice, else the first of the browser’s languages that is en or fr, else en', async () => {
    expect(LANGUAGES).toEqual(['en', 'fr']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(browserLanguage(['de-DE', 'fr-CM', 'en'])).toBe('fr');
    expect(browserLanguage(['EN-gb', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
    expect(languageFor('xx', ['fr'])).toBe('fr');
    for (const [stored, browserLanguages, expected] of [
      ['fr', ['en-US'], 'fr'],
      ['en', ['fr-FR'], 'en'],
      ['FR', ['de'], 'en'],
      [null, ['fr-FR', 'fr'], 'fr'],
      [null, ['de-DE', 'fr'], 'fr'],
      [null, [], 'en'],
    ] as const) {
      const harness = createLanguageHarness({ stored, browserLanguages });
      harness.start();
      expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: expected });
      await harness.resolve('loadDictionary', undefined);
      expect(selectLanguage(harness.snapshot)).toBe(expected);
    }
  });

  it('persists a choice, falls back to en for an unknown one', async () => {
    const harness = createLanguageHarness({ stored: null, browserLanguages: ['en'] });
    harness.start();
    await harness.resolve('loadDictionary', undefined);
    await harness.send({ type: 'language.set', lang: 'fr' });
    expect(selectIsLanguageLoading(harness.snapshot)).toBe(true);
    await harness.resolve('loadDictionary', undefined);
    expect(selectLanguage(harness.snapshot)).toBe('fr');
    await harness.send({ type: 'language.set', lang: 'es' });
    expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: 'en' });
    expect(harness.fakes.effectsOf('persistLanguage')).toEqual([{ lang: 'fr' }, { lang: 'en' }]);
    // Signed out: nothing goes to an account.
    expect(harness.fakes.effectsOf('saveToAccount')).toEqual([]);
  });

  it('on an English phone that chose French: logout gives English, the next login French from the account', async () => {
    const harness = createLanguageHarness(ENGLISH_PHONE_CHOSE_FRENCH);
    harness.start();
    await harness.resolve('loadDictionary', undefined);
    // The account never chose: the device's choice is saved with it.
    await harness.send({ type: 'language.signedIn', account: null, login: true });
    expect(harness.fakes.effectsOf('saveToAccount')).toEqual([{ lang: 'fr' }]);
    await harness.send({ type: 'language.signedOut' });
    expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: 'en' });
    await harness.resolve('loadDictionary', undefined);
    expect(selectLanguage(harness.snapshot)).toBe('en');
    await harness.send({ type: 'language.signedIn', account: 'fr', login: true });
    expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: 'fr' });
    await harness.resolve('loadDictionary', undefined);
    expect(selectLanguage(harness.snapshot)).toBe('fr');
    expect(harness.fakes.effectsOf('persistLanguage')).toEqual([{ lang: 'fr' }]);
  });

  it('on a French phone: a choice made while signed in is saved; a lost save is made again at the next start', async () => {
    const harness = createLanguageHarness(FRENCH_PHONE);
    harness.start();
    await harness.resolve('loadDictionary', undefined);
    await harness.send({ type: 'language.signedIn', account: null, login: true });
    expect(harness.fakes.effectsOf('saveToAccount')).toEqual([]);
    await harness.send({ type: 'language.set', lang: 'en' });
    await harness.send({ type: 'language.set', lang: 'en' });
    expect(harness.fakes.effectsOf('saveToAccount')).toEqual([{ lang: 'en' }]);

    // Next start: English stored, the account still French (the save was lost offline).
    const restarted = createLanguageHarness({ stored: 'en', browserLanguages: ['fr-FR'] });
    restarted.start();
    await restarted.send({ type: 'language.signedIn', account: 'fr', login: false });
    expect(restarted.fakes.effectsOf('saveToAccount')).toEqual([{ lang: 'en' }]);
    expect(restarted.fakes.pending('loadDictionary').input).toEqual({ lang: 'en' });
  });

  it('keeps the current dictionary when a switch fails, and falls back to the other language at start', async () => {
    const switching = createLanguageHarness({ stored: 'en', browserLanguages: ['en'] });
    switching.start();
    await switching.resolve('loadDictionary', undefined);
    await switching.send({ type: 'language.set', lang: 'fr' });
    await switching.reject('loadDictionary', new Error('offline'));
    expect(selectLanguage(switching.snapshot)).toBe('en');
    expect(switching.snapshot.value).toBe('ready');

    // A French phone that chose English once, offline with only the French dictionary kept.
    const starting = createLanguageHarness({ stored: 'en', browserLanguages: ['fr'] });
    starting.start();
    await starting.reject('loadDictionary', new Error('offline'));
    expect(starting.fakes.pending('loadDictionary').input).toEqual({ lang: 'fr' });
    await starting.reject('loadDictionary', new Error('offline'));
    expect(starting.snapshot.value).toBe('unavailable');
  });
});
