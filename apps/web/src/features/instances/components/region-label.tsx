import { regionLabel } from '../../../shared/format/region.ts';
import styles from './region-label.module.css';

interface RegionLabelProps {
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  countryName: string;
  city?: string;
}

/**
 * Country code badge plus names. A badge rather than a flag emoji: Windows and many Linux
 * desktops have no flag glyphs and would show empty boxes.
 */
export function RegionLabel({ country, countryName, city }: RegionLabelProps) {
  return (
    <span className={styles.region}>
      <span className={styles.code} aria-hidden>
        {country.toUpperCase()}
      </span>
      <span>{regionLabel(countryName, city)}</span>
    </span>
  );
}
