import { useTranslation } from 'react-i18next';
import type { Quality, QualityChoice } from '../../../machines/videoQuality';
import { QUALITY_CHOICES } from '../../../machines/videoQuality';
import { DataCost } from '../../ui/DataCost';
import { ToggleChoices } from './ToggleChoices';

export interface QualityPickerProps {
  choice: QualityChoice;
  /** What plays: the choice, or Auto's pick. */
  quality: Quality;
  sizes: Partial<Record<Quality, number>>;
  downloaded: Quality | null;
  dataSaver: boolean;
  pricePerGb: number;
  costId: string;
  onChoose: (choice: QualityChoice) => void;
  onDataSaver: (on: boolean) => void;
}

/** Auto, Data saver, 360p, 480p as toggle buttons, the student's Data saver setting, and what it costs. */
export function QualityPicker(props: QualityPickerProps) {
  const { t } = useTranslation();
  const name = (choice: QualityChoice) =>
    choice === 'auto'
      ? t('video.quality.auto', { quality: t(`video.quality.${props.quality}`) })
      : t(`video.quality.${choice}`);
  return (
    <ToggleChoices
      legend={t('video.quality.legend')}
      className="quality"
      choices={QUALITY_CHOICES}
      chosen={props.choice}
      label={name}
      onChange={props.onChoose}
    >
      <DataCost
        id={props.costId}
        quality={props.quality}
        sizeBytes={props.sizes[props.quality] ?? null}
        downloaded={props.downloaded === props.quality}
        pricePerGb={props.pricePerGb}
      />
      <label className="quality__setting">
        <input
          type="checkbox"
          checked={props.dataSaver}
          onChange={(event) => props.onDataSaver(event.currentTarget.checked)}
        />
        {t('video.dataSaverSetting')}
      </label>
    </ToggleChoices>
  );
}
