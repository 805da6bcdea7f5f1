/**
 * The scheduled-job table: infra/schedules.ts declares one Lambda per row, invoked by an
 * EventBridge schedule (sst.aws.Cron), and the local runtime runs the same rows on a timer
 * (packages/local/src/schedules.ts). `handler` is a module under
 * packages/functions/src/scheduled exporting `handler`. Plain data: infra reads this file.
 */
import { RECONCILE_EVERY_MINUTES } from "@payloft/core/checkout/lifetime";
import type { LinkName } from "./links";

export interface ScheduleDef {
  name: string;
  handler: string;
  everyMinutes: number;
  /** Everything the handler reads through `Resource` (infra links exactly these; a test checks them). */
  links: LinkName[];
  /**
   * Offline only: also run when a payments sandbox's test clock moves, at that sandbox's time
   * (packages/local/src/schedules.ts), for a job that acts on the providers' dates.
   */
  followsBillingClock?: boolean;
}

export const schedules: ScheduleDef[] = [
  // sales: paid checkouts nobody recorded (the seller changed Payment Setup, no webhook came)
  // are fulfilled; unpaid ones past their deadline are closed; retired seller keys are deleted
  {
    name: "ReconcileCheckouts",
    handler: "reconcile-checkouts",
    everyMinutes: RECONCILE_EVERY_MINUTES,
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
  // members: the reminder a week before a yearly membership renews (core/membership/reminders.ts)
  {
    name: "RenewalReminders",
    handler: "renewal-reminders",
    everyMinutes: 60,
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email"],
    followsBillingClock: true,
  },
];

export const scheduleModule = (s: ScheduleDef) => `packages/functions/src/scheduled/${s.handler}`;
/** EventBridge's rate expression for the row. */
export const scheduleExpression = (s: ScheduleDef) =>
  `rate(${s.everyMinutes} ${s.everyMinutes === 1 ? "minute" : "minutes"})` as const;
