import * as z from "zod";

/**
 * Where a visit came from, from what the sales page sends (document.referrer and the utm_*
 * parameters of its URL). Pure: no I/O, so the view beacon and checkout share it.
 */
export const AttributionInput = z.object({
  referrer: z.string("referrer must be text.").max(2000, "referrer must be at most 2000 characters.").optional(),
  utm_source: z.string("utm_source must be text.").max(200, "utm_source must be at most 200 characters.").optional(),
  utm_medium: z.string("utm_medium must be text.").max(200, "utm_medium must be at most 200 characters.").optional(),
  utm_campaign: z
    .string("utm_campaign must be text.")
    .max(200, "utm_campaign must be at most 200 characters.")
    .optional(),
});
export type AttributionInput = z.infer<typeof AttributionInput>;

/** One value per dimension of the traffic report. */
export interface Attribution {
  source: string;
  referrer: string;
  campaign: string;
}

export const DIRECT = "direct";
export const NO_CAMPAIGN = "(none)";
const VALUE_MAX = 60;

/** Lower-case, one line, letters/digits/space and . _ - / : only, at most 60 characters. */
export function normalizeValue(raw: string | undefined | null): string {
  return (raw ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._\-/:]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, VALUE_MAX)
    .trim();
}

/** Known referrers under the name people use for them (the rest keep their host name). */
const KNOWN: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, "google"],
  [/(^|\.)bing\.com$/, "bing"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "twitter"],
  [/(^|\.)(facebook\.com|fb\.com)$/, "facebook"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "linkedin"],
  [/(^|\.)reddit\.com$/, "reddit"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "youtube"],
  [/^news\.ycombinator\.com$/, "hacker news"],
];

/** The referrer's host without "www.", or null for no/invalid/non-web referrers. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return normalizeValue(url.host.replace(/^www\./, "")) || null;
  } catch {
    return null;
  }
}

/**
 * utm_source wins (the seller tagged the link), as "source / medium" when a medium is given;
 * otherwise a known referrer's name, else its host; no referrer at all is "direct".
 */
export function attribute(input: AttributionInput): Attribution {
  const host = referrerHost(input.referrer);
  const named = host ? (KNOWN.find(([re]) => re.test(host))?.[1] ?? host) : null;
  const tagged = normalizeValue(input.utm_source);
  const medium = normalizeValue(input.utm_medium);
  return {
    source: (tagged && medium ? `${tagged} / ${medium}` : tagged) || named || DIRECT,
    referrer: host ?? DIRECT,
    campaign: normalizeValue(input.utm_campaign) || NO_CAMPAIGN,
  };
}
