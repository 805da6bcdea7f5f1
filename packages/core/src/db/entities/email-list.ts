import type { EntityItem } from "electrodb";
import { LazyEntity, cfg, timestamps } from "./model";

/**
 * An address's standing on one e-mail list (`recovery`: the "you left something in your
 * checkout" e-mails): the random token its unsubscribe links carry, made with its first e-mail,
 * and when it unsubscribed. One GetItem per send and per unsubscribe.
 */
export const EmailListEntity = new LazyEntity(
  {
    model: { entity: "emaillist", version: "1", service: "payloft" },
    attributes: {
      list: { type: ["recovery"] as const, required: true },
      email: { type: "string", required: true },
      /** 32 random bytes, base64url: unguessable, so only the e-mail's reader can unsubscribe it. */
      token: { type: "string", required: true },
      unsubscribed_at: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["list", "email"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

export type EmailListItem = EntityItem<typeof EmailListEntity>;
