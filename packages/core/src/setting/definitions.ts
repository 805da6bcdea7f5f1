/**
 * Every platform setting: its category, kind, in-code default and description (plain data, no
 * table access, so the request wrapper's cached maintenance check can use it without the rest).
 */
export const CATEGORIES = [
  "branding",
  "landing",
  "contact",
  "finance",
  "emails",
  "moderation",
  "limits",
  "system",
] as const;
export type Category = (typeof CATEGORIES)[number];
export type Kind = "number" | "boolean" | "email" | "color" | "text" | "multiline";

export interface Definition {
  category: Category;
  kind: Kind;
  default: string;
  description: string;
  min?: number;
  max?: number;
  /** Text and multiline: at most this many characters (default 200 and 20000). */
  maxLength?: number;
  /** Text and multiline: may be saved empty (it then shows nothing). */
  optional?: boolean;
}

/**
 * Placeholders: see purchase/receipt-template.ts (RECEIPT_PLACEHOLDERS). The receipt itself
 * adds the summary, the access button, the portal link and where questions go (the seller,
 * by reply), so the message carries no links of its own.
 */
const RECEIPT_TEMPLATE = ["{{greeting}}", "", "{{thanks}} Your receipt and your content are below."].join("\n");

/** The default before {{thanks}}: it thanked a free claim and a membership "for buying". */
const RETIRED_BUYING_TEMPLATE = [
  "{{greeting}}",
  "",
  "Thank you for buying {{product_name}} from {{creator_name}}. Your receipt and your content are below.",
].join("\n");

/** The receipt template every stage was seeded with before, which said "Reply to this e-mail" from a no-reply sender and showed both links as raw URLs. */
const RETIRED_RECEIPT_TEMPLATE = [
  "Hi {{customer_name}},",
  "",
  "Thank you for buying {{product_name}} for {{amount}} on {{date}}.",
  "Open your content any time: {{access_url}}",
  "Every purchase stays in your customer portal: {{portal_url}}",
  "",
  "Questions? Reply to this e-mail or write to {{support_email}}.",
  "— The {{site_name}} team",
].join("\n");

export const DEFINITIONS = {
  site_name: {
    category: "branding",
    kind: "text",
    default: "Payloft",
    description: "Name shown in the site header and e-mails",
  },
  // The landing page's testimonial: a real customer's words, hidden while the quote is empty
  // (rule: Honest social proof).
  testimonial_quote: {
    category: "landing",
    kind: "multiline",
    default: "",
    optional: true,
    maxLength: 600,
    description: "A real customer's words for the landing page (the testimonial is hidden while this is empty)",
  },
  testimonial_author: {
    category: "landing",
    kind: "text",
    default: "",
    optional: true,
    maxLength: 80,
    description: "Who said it, e.g. Maya Rodriguez",
  },
  testimonial_role: {
    category: "landing",
    kind: "text",
    default: "",
    optional: true,
    maxLength: 80,
    description: "What they do, e.g. Designer and template creator",
  },
  primary_color: {
    category: "branding",
    kind: "color",
    default: "#4f46e5",
    description: "Brand colour (hex, e.g. #4f46e5)",
  },
  support_email: {
    category: "contact",
    kind: "email",
    default: "support@payloft.local",
    description: "Where customers can reach support",
  },
  commission_rate: {
    category: "finance",
    kind: "number",
    default: "5",
    min: 0,
    max: 100,
    description: "Platform commission in percent of revenue",
  },
  receipt_email_template: {
    category: "emails",
    kind: "multiline",
    default: RECEIPT_TEMPLATE,
    description:
      "Message at the top of the purchase receipt e-mail. Placeholders: {{greeting}} (Hi and the buyer's name, or Hello), {{thanks}} (Thank you for buying, getting a free product, or joining a membership, with the product and its seller), {{customer_name}}, {{creator_name}}, {{product_name}}, {{amount}}, {{date}}, {{access_url}} (your buyer's access link), {{portal_url}}, {{support_email}}, {{site_name}}",
  },
  auto_approve_products: {
    category: "moderation",
    kind: "boolean",
    default: "true",
    description: "Approve new products automatically (when disabled they wait for review)",
  },
  max_file_size: {
    category: "limits",
    kind: "number",
    default: "500",
    min: 1,
    // S3 takes at most 5 GB in one upload (a presigned POST).
    max: 5120,
    description: "Largest file a creator can upload for a product, in MB (at most 5120)",
  },
  maintenance_mode: {
    category: "system",
    kind: "boolean",
    default: "false",
    description: "Only admins can use the site while enabled",
  },
} satisfies Record<string, Definition>;

export type Key = keyof typeof DEFINITIONS;
export const definition = (key: Key): Definition => DEFINITIONS[key];

/**
 * Keys that were renamed, old → new. A stage that stored the old key keeps its value: reads
 * fall back to it until the new key is saved, a save under the old name saves the new one,
 * and the seed moves it over (then deletes the old item).
 */
export const RENAMED: Record<string, Key> = { max_upload_size: "max_file_size" };
export const legacyOf = (key: Key) => Object.keys(RENAMED).find((old) => RENAMED[old] === key);

/**
 * Earlier in-code defaults that stages stored when they were seeded. A stored value equal to
 * one of them was never chosen by an admin, so it reads as today's default.
 */
export const RETIRED_DEFAULTS: Partial<Record<Key, string[]>> = {
  receipt_email_template: [RETIRED_RECEIPT_TEMPLATE, RETIRED_BUYING_TEMPLATE],
};
export const currentValue = (key: Key, stored: string) =>
  RETIRED_DEFAULTS[key]?.includes(stored) ? DEFINITIONS[key].default : stored;
