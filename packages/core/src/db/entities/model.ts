import { Entity, Service } from "electrodb";
import { dynamo, tableName } from "../client";
import { forgetWritten } from "../lean/kept";

/**
 * What every entity shares: the one table and client, and the two timestamps. Keys use
 * `casing: "none"` everywhere (Stripe and PayPal ids are case-sensitive).
 */
export const cfg = () => ({
  // Getters: an entity reads them when it is built (LazyEntity below), not at import.
  get client() {
    return dynamo();
  },
  get table() {
    return tableName();
  },
  // Values the lean layer keeps a few seconds (db/lean/kept.ts) are forgotten when written here.
  listeners: [forgetWritten],
});
// The timestamps live with the plain item schemas (no ElectroDB there); entity files take them from here.
export { now, timestamps } from "../schemas/timestamps";

/**
 * Entities and the service are built on first use, not at import: ElectroDB validates each model
 * when it is constructed, and building all of them at import made every Lambda pay, at cold
 * start, for the entities its route never touches. Same constructor and types as ElectroDB's; the
 * instance is a proxy that builds the real one on first access and forwards everything to it.
 */
export const LazyEntity = function (...args: ConstructorParameters<typeof Entity>) {
  return lazy(() => new Entity(...args));
} as unknown as typeof Entity;
export const LazyService = function (...args: ConstructorParameters<typeof Service>) {
  return lazy(() => new Service(...args));
} as unknown as typeof Service;

function lazy<T extends object>(build: () => T): T {
  let made: T | undefined;
  const real = () => (made ??= build());
  return new Proxy({} as T, {
    get(_, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
