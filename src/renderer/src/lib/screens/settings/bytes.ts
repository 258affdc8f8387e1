// A size on disk as people read it: "512 o", "1,4 Mo" (binary multiples, one decimal).
import { formatNumber } from '../../format.ts';

type Translate = (
  key:
    | 'archive.units.bytes'
    | 'archive.units.kilobytes'
    | 'archive.units.megabytes'
    | 'archive.units.gigabytes',
  params: { n: string },
) => string;

export function formatBytes(bytes: number, t: Translate, locale?: string): string {
  const units = [
    'archive.units.bytes',
    'archive.units.kilobytes',
    'archive.units.megabytes',
    'archive.units.gigabytes',
  ] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const n = formatNumber(value, locale, { maximumFractionDigits: unit === 0 ? 0 : 1 });
  return t(units[unit]!, { n });
}
