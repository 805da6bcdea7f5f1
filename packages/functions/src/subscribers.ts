/**
 * The bus subscriber table: infra/bus.ts subscribes one Lambda per row on the EventBridge
 * bus, and the local in-process bus delivers to the same rows. `handler` is a module under
 * packages/functions/src/events exporting `handler(event: BusEvent)`.
 */
import type { LinkName } from "./links";

export interface SubscriberDef {
  name: string;
  handler: string;
  /** EventBridge detail-types this subscriber receives. */
  detailTypes: string[];
  /** Everything the handler reads through `Resource` (infra/bus.ts links exactly these; a test checks them). */
  links: LinkName[];
}

export const subscribers: SubscriberDef[] = [
  // plans: the platform's verified Stripe events change creators' plans
  {
    name: "ApplyPlan",
    handler: "apply-plan",
    detailTypes: ["stripe.platform"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "StripeSecretKey"],
  },
  // payments: sellers' verified Stripe events record purchases and refunds
  {
    name: "FulfilPurchase",
    handler: "fulfil-purchase",
    detailTypes: ["stripe.seller"],
    links: ["Table", "AdminEmails", "UnlimitedEmails", "Email", "EncryptionKey"],
  },
];

export const subscriberModule = (s: SubscriberDef) => `packages/functions/src/events/${s.handler}`;
