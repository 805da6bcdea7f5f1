/**
 * Where the visit behind a checkout came from (core/src/traffic: the normalised source,
 * referrer host and campaign), kept on the checkout record when it is created and copied onto
 * the purchase, so the sale and its refund move the same traffic items. Plain data.
 */
export const visit = {
  visit: {
    type: "map",
    properties: {
      source: { type: "string", required: true },
      referrer: { type: "string", required: true },
      campaign: { type: "string", required: true },
    },
  },
} as const;
