import { useTranslation } from 'react-i18next';
import type { PlaybackRate } from '../../../machines/playback';
import { PLAYBACK_RATES } from '../../../machines/playback';
import { ToggleChoices } from './ToggleChoices';

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
    <ToggleChoices
      legend={t('player.speed')}
      rowClassName="speed__choices"
      choices={PLAYBACK_RATES}
      chosen={rate}
      label={(choice) => t('player.rate', { rate: number.format(choice) })}
      onChange={onChange}
    />
  );
}
