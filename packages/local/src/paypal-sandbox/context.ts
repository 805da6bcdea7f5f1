import type { EventBus } from "./events";
import type { Signer } from "./signing";
import type { PayPalStore } from "./store";

/** What every PayPal sandbox operation needs: the state, the event deliverer, the signer and its own URL. */
export interface PayPal {
  store: PayPalStore;
  events: EventBus;
  signer: Signer;
  baseUrl: string;
}
