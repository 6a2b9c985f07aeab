import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The one i18next instance. Dictionaries are not bundled: the language machine loads
 * /assets/i18n/{lang}.json (docs/product.md §7) through src/services/dictionaries and adds them here.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * A whole dictionary, freshly parsed and owned by nobody else: it replaces the language's bundle as it is,
 * without the deep copy and deep merge i18next would otherwise make of its 40-odd KB on the first screen.
 */
export function addDictionary(lang: string, dictionary: Record<string, unknown>): void {
  i18n.addResourceBundle(lang, 'translation', dictionary, false, true, { silent: false, skipCopy: true });
}
