import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { rateLimitSchema } from "../schemas/rate-limit";

/**
 * One fixed-window request counter: `bucket` (what is limited, e.g. "sign-in"), `key` (who: an
 * address, an API key), `window` (the window's start, epoch s). Written with an atomic ADD,
 * read back from the same write; `expires_at` is the table's TTL, so old windows vanish.
 */
export const RateLimitEntity = new LazyEntity(rateLimitSchema, cfg());

export type RateLimitItem = EntityItem<typeof RateLimitEntity>;
