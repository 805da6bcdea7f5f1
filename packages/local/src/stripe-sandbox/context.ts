import type { EventBus } from "./events";
import type { SandboxStore } from "./store";

/** What every sandbox operation needs: the state, the event deliverer and its own public URL. */
export interface Sandbox {
  store: SandboxStore;
  events: EventBus;
  baseUrl: string;
}
