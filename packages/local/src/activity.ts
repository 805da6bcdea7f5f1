/**
 * The work one local stand-in has to do (a delivery being sent, a retry waiting for its time),
 * and a promise for "none is left". Tests assert that something did NOT happen only once every
 * stand-in is idle (Stack.settled), never after a fixed sleep: a sleep is too short on a loaded
 * machine and needlessly long on a quiet one.
 *
 * Work is counted from the moment it is known (a timer set, a send started) until it is over;
 * work started from inside other work (a retry scheduled when a send fails) is counted before
 * the first is released, so the count never touches zero in between.
 */
export class Activity {
  private count = 0;
  private waiters: (() => void)[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Is anything in flight or scheduled? */
  get busy() {
    return this.count > 0;
  }

  /** Scheduled work that has not started yet (e.g. retries waiting for their time). */
  get scheduled() {
    return this.timers.size;
  }

  /** Counts `work` until it settles; answers it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.count++;
    return work.finally(() => this.release());
  }

  /** Runs `fn` after `ms`, counted as work from now until `fn` returns. */
  later(ms: number, fn: () => void) {
    this.count++;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      try {
        fn();
      } finally {
        this.release();
      }
    }, ms);
    // A retry waiting hours (an outgoing webhook's schedule) must not keep the process alive.
    timer.unref();
    this.timers.add(timer);
  }

  /** Drops every scheduled run (the stand-in is stopping); work in flight still settles. */
  cancelScheduled() {
    for (const timer of this.timers) {
      clearTimeout(timer);
      this.release();
    }
    this.timers.clear();
  }

  /** Resolves when nothing is in flight or scheduled. */
  idle(): Promise<void> {
    return this.busy ? new Promise((resolve) => this.waiters.push(resolve)) : Promise.resolve();
  }

  private release() {
    this.count--;
    if (this.count > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
