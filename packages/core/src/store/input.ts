import * as z from "zod";
import { isHttpUrl } from "../product/input";
import { HANDLE_MAX, HANDLE_MIN, handleShaped } from "./handle";

/**
 * What PUT /api/store accepts. Handles are part of public links (/s/{handle}), so they are
 * lower-case letters, digits and single hyphens, and never a word the site itself uses for a
 * page or that could pass for Payloft speaking.
 */
export const RESERVED_HANDLES = new Set([
  "about",
  "account",
  "admin",
  "administrator",
  "api",
  "app",
  "assets",
  "auth",
  "billing",
  "blog",
  "checkout",
  "creator",
  "creators",
  "customer",
  "customers",
  "dashboard",
  "demo",
  "docs",
  "download",
  "embed",
  "help",
  "home",
  "login",
  "logout",
  "mail",
  "me",
  "new",
  "null",
  "official",
  "onboarding",
  "overlay",
  "p",
  "payloft",
  "payment",
  "payments",
  "pricing",
  "privacy",
  "product",
  "products",
  "profile",
  "root",
  "s",
  "security",
  "settings",
  "shop",
  "signin",
  "signup",
  "staff",
  "static",
  "status",
  "store",
  "stores",
  "support",
  "system",
  "team",
  "terms",
  "undefined",
  "www",
]);

const HANDLE_RULE = `A handle is ${HANDLE_MIN}–${HANDLE_MAX} characters: lower-case letters, digits and hyphens (e.g. maya-makes).`;

export const Handle = z
  .string("Please choose a handle for your store.")
  .trim()
  .toLowerCase()
  .min(1, "Please choose a handle for your store.")
  .refine(handleShaped, HANDLE_RULE)
  .refine(
    (h) => !h.startsWith("-") && !h.endsWith("-") && !h.includes("--"),
    "A handle can't start or end with a hyphen or have two in a row.",
  )
  .refine((h) => !RESERVED_HANDLES.has(h), "That handle is reserved. Please choose another.");

/** "" or null clears an optional field. */
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const StoreInput = z.object({
  handle: Handle,
  bio: z.string("Bio must be text.").trim().max(500, "Bio must be at most 500 characters.").optional().default(""),
  avatar_url: z.preprocess(
    blank,
    z
      .string("Logo URL must be text.")
      .trim()
      .max(2000, "Logo URL must be at most 2000 characters.")
      .refine(isHttpUrl, "Logo URL must be a web address starting with http:// or https://.")
      .optional(),
  ),
  accent_color: z.preprocess(
    blank,
    z
      .string("Accent colour must be text.")
      .trim()
      .toLowerCase()
      .regex(/^#[0-9a-f]{6}$/, "Accent colour must be a hex colour like #4f46e5.")
      .optional(),
  ),
});
export type StoreInput = z.output<typeof StoreInput>;
