import { Reconciler } from "@payloft/core/checkout/reconcile";
import { assertSettings } from "@payloft/core/config/check";
import { schedules } from "../schedules";

/**
 * Every few minutes (the ReconcileCheckouts row of ../schedules): settles open product checkouts
 * past their deadline with their provider and deletes retired seller keys no checkout needs.
 * A run in which some checkout could not be settled fails after doing the rest, so the Lambda's
 * error alarm says when that keeps happening; the next run tries those again.
 */
const row = schedules.find((s) => s.handler === "reconcile-checkouts")!;
let configured = false;

export const handler = async (): Promise<Reconciler.Report> => {
  if (!configured) {
    assertSettings(row.links);
    configured = true;
  }
  const report = await Reconciler.run();
  if (report.failed.length)
    throw new Error(
      `${report.failed.length} checkouts could not be reconciled: ${report.failed.slice(0, 10).join(", ")}`,
    );
  return report;
};
