import { useTranslation } from 'react-i18next';
import type { Quality } from '../../machines/videoQuality';
import { dataCostFcfa } from '../rules/data-cost';
import { formatBytes } from '../rules/format-bytes';
import { formatFcfa } from '../rules/money';

/** How the video screens say a rendition, a size, its cost in data and a share, in the student's language. */
export function useVideoTexts(pricePerGb: number) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return {
    quality: (quality: Quality) => t(`video.quality.${quality}`),
    size: (bytes: number) => formatBytes(bytes, lang),
    cost: (bytes: number) => formatFcfa(dataCostFcfa(bytes, pricePerGb), lang),
    percent: (part: number, whole: number) =>
      new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
        whole > 0 ? Math.min(1, part / whole) : 0,
      ),
  };
}
