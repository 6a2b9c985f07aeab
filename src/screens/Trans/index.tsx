import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../machines/language';
import { selectLanguage } from '../../../machines/language';
import { useAppActors } from '../../app/actors-context';
import './trans.css';

const LANGUAGES: readonly Language[] = ['en', 'fr'];

/** Route `trans`: the language chooser, with the current choice (docs/product.md §4: en or fr). */
export default function Trans() {
  const { t } = useTranslation();
  const { language } = useAppActors();
  const current = useSelector(language, selectLanguage);
  return (
    <main className="page trans" id="main">
      <h1>{t('routes.trans')}</h1>
      <fieldset className="trans__choices">
        <legend>{t('languagePage.legend')}</legend>
        {LANGUAGES.map((lang) => (
          <label key={lang} className="trans__choice">
            <input
              type="radio"
              name="language"
              value={lang}
              checked={current === lang}
              onChange={() => language.send({ type: 'language.set', lang })}
            />
            <span lang={lang}>{t(`lang.${lang}`)}</span>
          </label>
        ))}
      </fieldset>
      <p className="hint" role="status">
        {/* The language's name as a sentence says it: "en français", not the picker's "Français". */}
        {t('languagePage.current', { language: t(`languagePage.inSentence.${current}`) })}
      </p>
    </main>
  );
}
