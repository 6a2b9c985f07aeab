import { useTranslation } from 'react-i18next';
import type { Language } from '../../services/api/types';

export type CaptionsChoice = 'off' | Language;

/** Off, or one of the languages the lesson has captions in; the choice is remembered for every lesson. */
export function CaptionsPicker({
  languages,
  choice,
  onChange,
}: {
  languages: readonly Language[];
  choice: CaptionsChoice;
  onChange: (choice: CaptionsChoice) => void;
}) {
  const { t } = useTranslation();
  if (languages.length === 0) return null;
  const choices: CaptionsChoice[] = ['off', ...languages];
  return (
    <fieldset className="speed captions">
      <legend className="speed__label">{t('video.captions.legend')}</legend>
      <div className="quality__choices">
        {choices.map((option) => (
          <button
            key={option}
            type="button"
            className="speed__choice"
            aria-pressed={option === choice}
            onClick={() => onChange(option)}
          >
            {t(`video.captions.${option}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
