import { MembershipEntity, type MembershipItem } from "../db/entities";
import { Email } from "../email/index";
import { logger } from "../log/index";
import { sendOnce } from "../recovery/notice";
import { renewalReminderMessage } from "./messages";
import { factsOf } from "./notices";

/**
 * The reminder a yearly member gets a week before the membership renews (the amount, the date,
 * how to cancel). A scheduled job (the RenewalReminders row of functions/src/schedules.ts, hourly)
 * reads the yearly memberships whose paid year ends within the next 7 days through the gsi3 index
 * (interval, period end) and mails each one that will really renew: active and not set to end.
 *
 * Once per renewal per membership: the claim's key is the membership and the period end, so a
 * run that is retried, a schedule that fires twice, or every hourly run of the week finds the
 * claim and sends nothing; the next year's period end is a new key. A trial is not a renewal
 * (nothing was paid yet; the success page and the welcome said when the first charge comes).
 */
export const REMINDER_DAYS = 7;
/** Outlives the 7-day window, so no later run of the same week can claim the same renewal again. */
const KEEP_SECONDS = 30 * 24 * 3600;

export interface ReminderRun {
  /** yearly memberships whose period ends in the window */
  due: number;
  sent: number;
  failed: string[];
}

const renews = (m: MembershipItem) => m.status === "active" && !m.cancel_at_period_end;

/**
 * Sends the reminders due at `now`. `provider` limits the run to one provider's memberships (the
 * local stack runs it at each payments sandbox's own test-clock time). A reminder that could not
 * be sent is given back and listed in `failed`: the next run tries it again.
 */
export async function sendRenewalReminders(now: Date, provider?: MembershipItem["provider"]): Promise<ReminderRun> {
  const until = new Date(now.getTime() + REMINDER_DAYS * 86_400_000);
  const res = await MembershipEntity.query
    .byPeriodEnd({ interval: "year" })
    .between({ current_period_end: now.toISOString() }, { current_period_end: until.toISOString() })
    .go({ pages: "all" });
  const due = res.data.filter((m) => renews(m) && (!provider || m.provider === provider));
  const run: ReminderRun = { due: due.length, sent: 0, failed: [] };
  for (const m of due) {
    const key = `renewal-reminder:${m.id}:${m.current_period_end}`;
    try {
      const sent = await sendOnce({ kind: "membership", key, ref: m.id, ttlSeconds: KEEP_SECONDS }, async () => {
        const periodEnd = Date.parse(m.current_period_end) / 1000;
        const facts = await factsOf(m, { amount: m.amount, currency: m.currency, current_period_end: periodEnd });
        await Email.send(renewalReminderMessage(facts));
      });
      if (sent) run.sent++;
    } catch (err) {
      logger.warn("a renewal reminder could not be sent", { membershipId: m.id, error: (err as Error).message });
      run.failed.push(m.id);
    }
  }
  return run;
}
