import { useTranslation } from 'react-i18next';
import type { Quality } from '../../machines/videoQuality';
import { useVideoTexts } from './video-texts';

/**
 * What a rendition costs before a byte of it is spent (issue 11): its size in MB and its price in FCFA at
 * the data price per GB, or that it plays for nothing because it is downloaded.
 */
export function DataCost({
  id,
  quality,
  sizeBytes,
  downloaded,
  pricePerGb,
}: {
  id?: string;
  quality: Quality;
  /** null: the server did not say. */
  sizeBytes: number | null;
  downloaded: boolean;
  pricePerGb: number;
}) {
  const { t } = useTranslation();
  const texts = useVideoTexts(pricePerGb);
  const name = texts.quality(quality);
  let text: string;
  if (downloaded) text = t('video.costDownloaded', { quality: name });
  else if (sizeBytes === null || sizeBytes <= 0) text = t('video.costUnknown', { quality: name });
  else text = t('video.cost', { quality: name, size: texts.size(sizeBytes), cost: texts.cost(sizeBytes) });
  return (
    <p className="data-cost" id={id}>
      {text}
    </p>
  );
}
