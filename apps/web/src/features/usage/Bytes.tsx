import { useTranslation } from 'react-i18next';
import { formatBytes, formatCount } from './format-bytes.ts';

/** A byte count in human units, the exact number in its title (shown on hover). */
export function Bytes({ bytes }: { bytes: number }) {
  const { t, i18n } = useTranslation();
  const exact = t('usage.exactBytes', { formatted: formatCount(bytes, i18n.language) });
  return (
    <span title={exact} data-bytes={bytes}>
      {formatBytes(bytes, i18n.language, (unit) => t(`usage.units.${unit}`))}
    </span>
  );
}
