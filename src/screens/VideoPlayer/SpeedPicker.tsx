import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, type PlaybackRate } from '../../../machines/playback';

/** The playback speeds as a row of toggle buttons; the pressed one is the current speed. */
export function SpeedPicker({
  rate,
  onChange,
}: {
  rate: PlaybackRate;
  onChange: (rate: PlaybackRate) => void;
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <fieldset className="speed">
      <legend className="speed__label">{t('player.speed')}</legend>
      <div className="speed__choices">
        {PLAYBACK_RATES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="speed__choice"
            aria-pressed={choice === rate}
            onClick={() => onChange(choice)}
          >
            {t('player.rate', { rate: number.format(choice) })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
