import { invalidParam, missingParam, noSuch } from "./errors";
import { list, metadataOf, str, type FormObject } from "./form";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/** Webhook endpoints: created through the API or, with a pre-chosen secret, by the local stack. */
export function checkUrl(url: string): string {
  try {
    if (/^https?:$/.test(new URL(url).protocol)) return url;
  } catch {
    /* fall through */
  }
  throw invalidParam("url", "Invalid URL: must be an http(s) URL.");
}

export function liveEndpoint(a: Account, id: string) {
  const e = a.objects[id];
  if (!e || e.object !== "webhook_endpoint" || e.status === "deleted") throw noSuch("webhook endpoint", id);
  return e;
}

/** Stripe reveals an endpoint's signing secret only in the create answer. */
export const hideSecret = (e: StripeObject) =>
  Object.fromEntries(Object.entries(e).filter(([k]) => k !== "secret")) as StripeObject;

/** `secret` may be pre-chosen only from inside the process (the local stack's platform endpoint). */
export function createEndpoint(sb: Sandbox, a: Account, p: FormObject, secret?: string): StripeObject {
  const url = str(p.url);
  if (!url) throw missingParam("url");
  const events = list(p.enabled_events).filter((v): v is string => typeof v === "string");
  if (!events.length) throw missingParam("enabled_events");
  return sb.store.put(a, {
    id: randomId("we_"),
    object: "webhook_endpoint",
    api_version: str(p.api_version) ?? null,
    application: null,
    created: nowSeconds(),
    description: str(p.description) ?? null,
    enabled_events: events,
    livemode: a.livemode,
    metadata: metadataOf(p.metadata),
    secret: secret ?? randomId("whsec_", 32),
    status: "enabled",
    url: checkUrl(url),
  });
}
