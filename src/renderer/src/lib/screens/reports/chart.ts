// Pure geometry of the report charts (BarChart.svelte): a rounded value scale and the bars of
// grouped or stacked series, negative values below the zero line. Kept apart for node:test.

export interface Series {
  name: string;
  color: string;
  /** One value per category. */
  values: readonly number[];
}

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

/** A scale from min to max (zero included) on round steps (1, 2, 2.5 or 5 × 10ⁿ). */
export function niceScale(low: number, high: number, count = 4): Scale {
  const min = Math.min(0, low);
  const max = Math.max(0, high);
  if (min === max) return { min: 0, max: 1, ticks: [0, 1] };
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return { min: lo, max: hi, ticks };
}

export interface Bar {
  series: number;
  category: number;
  value: number;
  /** Along the value axis, as fractions of the scale (0 = min, 1 = max): start ≤ end. */
  start: number;
  end: number;
  /** Across the category axis, as fractions of the category's slot. */
  offset: number;
  size: number;
}

/** The bars of every series, grouped side by side or stacked, on a scale fitted to them. */
export function layoutBars(
  series: readonly Series[],
  categories: number,
  stacked: boolean,
): { bars: Bar[]; scale: Scale } {
  let low = 0;
  let high = 0;
  for (let c = 0; c < categories; c++) {
    if (stacked) {
      let up = 0;
      let down = 0;
      for (const s of series) {
        const v = s.values[c] ?? 0;
        if (v >= 0) up += v;
        else down += v;
      }
      high = Math.max(high, up);
      low = Math.min(low, down);
    } else
      for (const s of series) {
        high = Math.max(high, s.values[c] ?? 0);
        low = Math.min(low, s.values[c] ?? 0);
      }
  }
  const scale = niceScale(low, high);
  const at = (v: number) => (v - scale.min) / (scale.max - scale.min);
  const bars: Bar[] = [];
  const gap = 0.2; // of a slot, split either side
  for (let c = 0; c < categories; c++) {
    let up = 0;
    let down = 0;
    series.forEach((s, i) => {
      const value = s.values[c] ?? 0;
      if (stacked) {
        const from = value >= 0 ? up : down + value;
        const to = value >= 0 ? up + value : down;
        if (value >= 0) up += value;
        else down += value;
        bars.push({
          series: i,
          category: c,
          value,
          start: at(from),
          end: at(to),
          offset: gap / 2,
          size: 1 - gap,
        });
      } else {
        const size = (1 - gap) / series.length;
        bars.push({
          series: i,
          category: c,
          value,
          start: at(Math.min(0, value)),
          end: at(Math.max(0, value)),
          offset: gap / 2 + i * size,
          size,
        });
      }
    });
  }
  return { bars, scale };
}
