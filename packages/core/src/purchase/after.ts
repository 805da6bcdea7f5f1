import type { PurchaseItem } from "../db/entities";
import { sendReceiptOnce } from "./receipt";

/**
 * What happens after a purchase is recorded, in order, every time fulfilment runs for it
 * (webhook, its retries, the success page). Each step must be idempotent on its own (claim
 * with a conditional write, like the receipt), because a step that throws makes the bus run
 * fulfilment again and the earlier steps run again too. New steps (access links, licence
 * keys, outgoing webhooks) go here, before the receipt when the receipt should mention them.
 */
export interface AfterFulfilmentStep {
  name: string;
  run: (purchase: PurchaseItem) => Promise<unknown>;
}

export const afterFulfilment: AfterFulfilmentStep[] = [{ name: "receipt", run: sendReceiptOnce }];

export async function runAfterFulfilment(purchase: PurchaseItem) {
  for (const step of afterFulfilment) await step.run(purchase);
}
