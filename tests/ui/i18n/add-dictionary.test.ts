import { describe, expect, it } from 'vitest';
import { addDictionary, i18n } from '../../../src/i18n/i18n';

describe('addDictionary', () => {
  it('makes a fetched dictionary the language’s, nested keys and plurals included', async () => {
    addDictionary('fr', {
      landing: { lead: 'Étudiez partout' },
      study: { videoCount_one: '{{count}} vidéo', videoCount_other: '{{count}} vidéos' },
    });
    await i18n.changeLanguage('fr');
    expect(i18n.t('landing.lead')).toBe('Étudiez partout');
    expect(i18n.t('study.videoCount', { count: 2 })).toBe('2 vidéos');
  });

  it('replaces what a dictionary said with what a newer one says', async () => {
    addDictionary('fr', { landing: { lead: 'Ancien' }, app: { name: 'StudyCam' } });
    addDictionary('fr', { landing: { lead: 'Nouveau' }, app: { name: 'StudyCam' } });
    await i18n.changeLanguage('fr');
    expect(i18n.t('landing.lead')).toBe('Nouveau');
    expect(i18n.t('app.name')).toBe('StudyCam');
  });
});
