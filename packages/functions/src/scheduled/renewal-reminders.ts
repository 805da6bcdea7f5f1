import { assertSettings } from "@payloft/core/config/check";
import { sendRenewalReminders, type ReminderRun } from "@payloft/core/membership/reminders";
import { schedules } from "../schedules";

/**
 * Hourly (the RenewalReminders row of ../schedules): the e-mail a week before a yearly membership
 * renews. "Now" is the schedule's own time: the `time` of the EventBridge scheduled event, which
 * the local stack also sets when a payments sandbox's test clock moves (with that sandbox's
 * `provider`). A run in which some reminder could not be sent fails after sending the rest, so the
 * Lambda's error alarm says when that keeps happening; the next run sends those.
 */
const row = schedules.find((s) => s.handler === "renewal-reminders")!;
let configured = false;

export const handler = async (event?: { time?: string; provider?: "stripe" | "paypal" }): Promise<ReminderRun> => {
  if (!configured) {
    assertSettings(row.links);
    configured = true;
  }
  const now = event?.time ? new Date(event.time) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`The scheduled event's time is not a date: ${event?.time}`);
  const run = await sendRenewalReminders(now, event?.provider);
  if (run.failed.length)
    throw new Error(`${run.failed.length} renewal reminders could not be sent: ${run.failed.slice(0, 10).join(", ")}`);
  return run;
};
