import { assertSettings } from "@payloft/core/config/check";
import { ISSUER_LINKS, PAGE_LINKS, routeLinks } from "@payloft/functions/links";
import { routes } from "@payloft/functions/routes";
import { subscribers } from "@payloft/functions/subscribers";
import { schedules } from "@payloft/functions/schedules";

/** Every name any Lambda of the product links: what the local environment must provide. */
export const allLinkNames = () => [
  ...new Set([
    ...routes.flatMap(routeLinks),
    ...subscribers.flatMap((s) => s.links),
    ...schedules.flatMap((s) => s.links),
    ...ISSUER_LINKS,
    ...PAGE_LINKS,
  ]),
];

/** Throws "Payloft is not configured: …" naming each missing or malformed setting. */
export const assertLocalSettings = () => assertSettings(allLinkNames());
