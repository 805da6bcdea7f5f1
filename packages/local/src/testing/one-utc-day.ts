import { beforeAll } from "vitest";

/**
 * Every test file runs within one UTC day (a setup file of both vitest projects).
 *
 * Daily figures are kept per UTC date (a sale's day is its `created_at`'s, a view's the moment
 * it is counted), and tests read "today's" item, the chart's last day or this month's row.
 * A file that sold before midnight and read after it would look for the wrong day's item, so
 * a file that would start within FILE_MARGIN_MS of midnight first waits for the new day: a
 * wait for a condition (the date changing, at a known moment), at most once a day, never a
 * guess at how long something takes. The margin is far above any file's duration on this
 * machine under load (the longest take about two minutes).
 */
export const FILE_MARGIN_MS = 10 * 60_000;

const DAY_MS = 86_400_000;

/** Milliseconds left in the UTC day at `now`. */
export const leftInUtcDay = (now = Date.now()) => DAY_MS - (now % DAY_MS);

beforeAll(async () => {
  const left = leftInUtcDay();
  if (left < FILE_MARGIN_MS) await new Promise((r) => setTimeout(r, left + 1_000));
}, FILE_MARGIN_MS + 60_000);
