import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  selectIsLanguageLoading,
  selectLanguage,
} from '../../machines/language';
import { createLanguageHarness } from './language.model';
import { runModel } from './modelHarness';
import { REPLAYS } from './replays';

describe('language machine', () => {
  it('replays generated paths covering every state and transition of the definition', async () => {
    const run = await runModel(REPLAYS.language);
    console.log(`language: ${run.states} states, ${run.transitions} transitions, ${run.paths} paths`);
    expect(run.unvisitedStates).toEqual([]);
    expect(run.uncoveredTransitions).toEqual([]);
  });

  it('loads the stored language, and English for anything else', async () => {
    expect(LANGUAGES).toEqual(['en', 'fr']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    for (const [stored, expected] of [
      ['fr', 'fr'],
      ['en', 'en'],
      ['FR', 'en'],
      [null, 'en'],
    ] as const) {
      const harness = createLanguageHarness({ stored });
      harness.start();
      expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: expected });
      await harness.resolve('loadDictionary', undefined);
      expect(selectLanguage(harness.snapshot)).toBe(expected);
    }
  });

  it('persists a choice, falls back to en for an unknown one', async () => {
    const harness = createLanguageHarness({ stored: null });
    harness.start();
    await harness.resolve('loadDictionary', undefined);
    await harness.send({ type: 'language.set', lang: 'fr' });
    expect(selectIsLanguageLoading(harness.snapshot)).toBe(true);
    await harness.resolve('loadDictionary', undefined);
    expect(selectLanguage(harness.snapshot)).toBe('fr');
    await harness.send({ type: 'language.set', lang: 'es' });
    expect(harness.fakes.pending('loadDictionary').input).toEqual({ lang: 'en' });
    expect(harness.fakes.effectsOf('persistLanguage')).toEqual([{ lang: 'fr' }, { lang: 'en' }]);
  });

  it('keeps the current dictionary when a switch fails, and falls back to English at start', async () => {
    const switching = createLanguageHarness({ stored: 'en' });
    switching.start();
    await switching.resolve('loadDictionary', undefined);
    await switching.send({ type: 'language.set', lang: 'fr' });
    await switching.reject('loadDictionary', new Error('offline'));
    expect(selectLanguage(switching.snapshot)).toBe('en');
    expect(switching.snapshot.value).toBe('ready');

    const starting = createLanguageHarness({ stored: 'fr' });
    starting.start();
    await starting.reject('loadDictionary', new Error('offline'));
    expect(starting.fakes.pending('loadDictionary').input).toEqual({ lang: 'en' });
    await starting.reject('loadDictionary', new Error('offline'));
    expect(starting.snapshot.value).toBe('unavailable');
  });
});
