/**
 * Value axes for the charts, worked out here rather than by recharts. Left to itself recharts
 * draws five ticks whatever the data: an all-zero series read ¥0, ¥1, ¥2, ¥3, ¥4 (steps of one
 * yen that mean nothing), and one sale topped a 0–4 axis. Here every step is a whole number of
 * the axis's unit (one sale; one dollar, euro, pound or yen: plotted figures are major units)
 * taken from 1, 2, 2.5 (from 25 up), 5 × 10ⁿ; an axis whose series is all zero shows one label,
 * its zero, under a flat line; and the axes of one chart share their grid lines.
 */
export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
  /** The series is all zero: only the zero is labelled. */
  flat: boolean;
}

/** At most this many steps between grid lines, and at least this many for a series with figures. */
const MOST = 4;
const LEAST = 2;

/** The smallest tidy step of at least `raw` and at least one unit. */
function tidyStep(raw: number): number {
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of power >= 10 ? [1, 2, 2.5, 5] : [1, 2, 5]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** The smallest tidy step that spans [low, high] in at most MOST steps. */
function stepFor(low: number, high: number): number {
  let step = tidyStep((high - low) / MOST);
  while (Math.ceil(high / step) + Math.ceil(-low / step) > MOST) step = tidyStep(step * 1.01);
  return step;
}

/**
 * One axis per series (each series the figures one axis plots), sharing one grid: every axis has
 * as many steps below and above zero as the one that needs the most. Values are major units or
 * counts; NaN and missing values count as zero.
 */
export function valueAxes(...series: number[][]): ValueAxis[] {
  const spans = series.map((values) => {
    const clean = values.map((v) => (Number.isFinite(v) ? v : 0));
    const low = Math.min(0, ...clean);
    const high = Math.max(0, ...clean);
    if (low === 0 && high === 0) return null;
    const step = stepFor(low, high);
    return { step, below: Math.ceil(-low / step), above: Math.ceil(high / step) };
  });
  const live = spans.filter((s) => s !== null);
  const below = Math.max(0, ...live.map((s) => s.below));
  const above = live.length ? Math.max(LEAST - below, ...live.map((s) => s.above)) : MOST;
  return spans.map((s) => {
    const step = s?.step ?? 1;
    const ticks = Array.from({ length: below + above + 1 }, (_, i) => (i - below) * step);
    return { domain: [ticks[0]!, ticks.at(-1)!], ticks, flat: s === null };
  });
}

/** The axis's tick labels: `format` for each tick, the flat axis's zero alone. */
export const tickLabels = (axis: ValueAxis, format: (v: number) => string) => (v: number) =>
  axis.flat && v !== 0 ? "" : format(v);

/** Room for the widest label at 12 px (about 7 px a character), so "¥1,500,000" is not cut. */
export function axisWidth(axis: ValueAxis, format: (v: number) => string, least = 32): number {
  const longest = Math.max(...axis.ticks.map((v) => tickLabels(axis, format)(v).length));
  return Math.max(least, Math.ceil(longest * 7 + 10));
}
