import { afterEach, beforeEach, vi } from "vitest";

/**
 * Holds `Date` one second into a fresh window of `windowSeconds` for each test of the calling
 * describe (or file), and lets it go after.
 *
 * Rate limits count in fixed windows (core/rate-limit), so a test that sends N requests and
 * expects the next to be refused fails whenever its requests straddle a window's end: the count
 * starts afresh half-way (seconds on a loaded machine are enough). Held at a window's start, the
 * test sees one window however long it takes, wherever in a window it started. Pick the longest
 * window the test relies on; the clock moves ahead by at most that much, well inside a session's
 * 15-minute access token for minute windows. Only `Date` is faked: timers, the queue and the
 * sandboxes run on real time.
 */
export function holdClockInFreshWindow(windowSeconds = 60) {
  beforeEach(() => {
    const windowMs = windowSeconds * 1000;
    const nextStart = Math.ceil(Date.now() / windowMs) * windowMs;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(nextStart + 1_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
