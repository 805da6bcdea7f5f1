import * as z from "zod";
import { setCreatorSettings } from "../user/creator-settings";
import { userById } from "../user/read";
import { parseInput } from "../validation";
import { entitledCreator } from "./owner";
import { DEFAULT_COOKIE_DAYS } from "./referral";

const DAYS = "affiliate_cookie_days must be a whole number of days from 1 to 90.";
const SettingsInput = z.object({ affiliate_cookie_days: z.number(DAYS).int(DAYS).min(1, DAYS).max(90, DAYS) });

export interface AffiliateSettings {
  /** How long after a click on an affiliate's link a purchase still credits them. */
  affiliate_cookie_days: number;
}

/** GET /api/affiliates/settings. */
export async function affiliateSettings(creatorId: string): Promise<AffiliateSettings> {
  const user = await userById(creatorId, { attributes: ["affiliate_cookie_days"] });
  return { affiliate_cookie_days: user?.affiliate_cookie_days ?? DEFAULT_COOKIE_DAYS };
}

/** PUT /api/affiliates/settings {affiliate_cookie_days}: applies to clicks from now on. */
export async function saveAffiliateSettings(creatorId: string, input: unknown): Promise<AffiliateSettings> {
  const data = parseInput(SettingsInput, input);
  await entitledCreator(creatorId);
  await setCreatorSettings(creatorId, { affiliate_cookie_days: data.affiliate_cookie_days });
  return { affiliate_cookie_days: data.affiliate_cookie_days };
}
