import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contract/common';
import { ToggleChoices } from './ToggleChoices';

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
    <ToggleChoices
      legend={t('video.captions.legend')}
      className="captions"
      choices={choices}
      chosen={choice}
      label={(option) => t(`video.captions.${option}`)}
      onChange={onChange}
    />
  );
}
