import { Resource } from "sst";
import { bus as sstBus } from "sst/aws/bus";

/**
 * Domain events go through EventBridge in AWS. `sst/aws/bus` always calls AWS, so the
 * publisher is swappable: the local runtime installs its in-process bus with `usePublisher`.
 * Subscribers receive the standard EventBridge envelope either way.
 */
export interface BusEvent<T = unknown> {
  "detail-type": string;
  source: string;
  detail: T;
  id: string;
  time: string;
  account?: string;
  region?: string;
  resources?: string[];
  version?: string;
}

export type Publisher = (type: string, detail: unknown) => Promise<void>;

export const EVENT_SOURCE = "payloft";

let publisher: Publisher = async (type, detail) => {
  await sstBus.publish(Resource.Bus, type, detail as Record<string, unknown>);
};

export namespace Bus {
  export function usePublisher(next: Publisher) {
    publisher = next;
  }

  export async function publish(type: string, detail: unknown) {
    await publisher(type, detail);
  }
}
