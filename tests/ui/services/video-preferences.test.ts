import { describe, expect, it } from 'vitest';
import { createAppStorage } from '../../../src/services/storage';
import { createVideoPreferencesStorage } from '../../../src/services/video-preferences';

describe('video preferences', () => {
  it('reads the defaults until the student changes them, then what was saved; junk reads as the defaults', () => {
    const backing = window.localStorage;
    backing.clear();
    const storage = createVideoPreferencesStorage(backing);
    expect(storage.getVideoPreferences()).toEqual({ dataSaver: false, wifiOnly: false, captions: 'off' });
    expect(storage.setVideoPreferences({ dataSaver: true, wifiOnly: true, captions: 'fr' })).toBe(true);
    expect(createVideoPreferencesStorage(backing).getVideoPreferences()).toEqual({
      dataSaver: true,
      wifiOnly: true,
      captions: 'fr',
    });
    backing.setItem(
      'video_preferences',
      JSON.stringify({ v: 1, data: { dataSaver: 'yes', wifiOnly: true, captions: 'de' } }),
    );
    expect(storage.getVideoPreferences()).toEqual({ dataSaver: false, wifiOnly: false, captions: 'off' });
  });

  it('reads a malformed record, or one of another version, as the defaults', () => {
    const backing = window.localStorage;
    const storage = createVideoPreferencesStorage(backing);
    const good = { dataSaver: true, wifiOnly: false, captions: 'en' };
    for (const record of [
      { v: 1, data: { ...good, captions: 'de' } },
      { v: 1, data: { ...good, wifiOnly: 'no' } },
      { v: 1, data: { dataSaver: true, captions: 'en' } },
      { v: 2, data: good },
      { data: good },
    ]) {
      backing.setItem('video_preferences', JSON.stringify(record));
      expect(storage.getVideoPreferences()).toEqual({ dataSaver: false, wifiOnly: false, captions: 'off' });
    }
    backing.setItem('video_preferences', JSON.stringify({ v: 1, data: good }));
    expect(storage.getVideoPreferences()).toEqual(good);
  });

  it('goes with the rest of local storage at logout', () => {
    const backing = window.localStorage;
    const storage = createVideoPreferencesStorage(backing);
    storage.setVideoPreferences({ dataSaver: true, wifiOnly: false, captions: 'en' });
    createAppStorage(backing).clearAll();
    expect(storage.getVideoPreferences().captions).toBe('off');
  });

  it('says so when the browser refuses the write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(
      createVideoPreferencesStorage(full).setVideoPreferences({
        dataSaver: true,
        wifiOnly: false,
        captions: 'off',
      }),
    ).toBe(false);
  });
});
