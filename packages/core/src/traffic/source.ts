import * as z from "zod/mini";
import "../zod";
import { parseInput } from "../validation";

/**
 * Where a visit came from, from what the sales page sends (document.referrer and the utm_*
 * parameters of its URL). zod/mini and no I/O, so the view beacon and checkout share it
 * without weighing on the checkout Lambda.
 */
const text = (field: string, max: number) =>
  z.optional(z.string(`${field} must be text.`).check(z.maxLength(max, `${field} must be at most ${max} characters.`)));

export const AttributionInput = z.object({
  referrer: text("referrer", 2000),
  utm_source: text("utm_source", 200),
  utm_medium: text("utm_medium", 200),
  utm_campaign: text("utm_campaign", 200),
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

/**
 * The checkout's record of the visit that led to it: `visit` in the create-session body is
 * what the sales page sent with that visit's view (the same fields), so the sale is credited
 * to the same source, referrer and campaign as the view. No `visit`: not attributed.
 */
const CheckoutVisit = z.object({
  visit: z.optional(z.object(AttributionInput.shape, "visit must be an object of referrer and utm_* texts.")),
});
export function visitOf(input: unknown): Attribution | undefined {
  const { visit } = parseInput(CheckoutVisit, input);
  return visit ? attribute(visit) : undefined;
}
