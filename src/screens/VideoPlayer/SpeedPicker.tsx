import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAYBACK_RATES, type PlaybackRate } from '../../../machines/playback';

/** The playback speeds as a row of toggle buttons; the pressed one is the current speed. */
export function SpeedPicker({ rate, onChange }: { rate: PlaybackRate; onChange: (rate: PlaybackRate) => void }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="speed" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="speed__label">
        {t('player.speed')}
      </span>
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
    </div>
  );
}
