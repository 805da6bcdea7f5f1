import { Resource } from "sst";
import { SECRET_PLACEHOLDER } from "./placeholder";

/**
 * The startup check: are the settings and secrets a Lambda (or the local runtime) is about to
 * use there and well-formed? It answers sentences an operator can act on, instead of a
 * "not linked" or a crypto error deep inside the first unlucky request. It reads only the
 * names it is given (the caller's own links), so it grants nothing by itself.
 */
const KEY_32 = (v: string) => Buffer.from(v, "base64").length === 32;
const MAILBOX = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isUrl = (v: string) => {
  try {
    return /^https?:$/.test(new URL(v).protocol);
  } catch {
    return false;
  }
};

type Rule = { ok: (r: Record<string, unknown>) => boolean; fix: string };
/** A secret still holding the first deploy's placeholder is not set, whatever its own rule says. */
const secret = (fix: string, ok: (v: string) => boolean = (v) => v.trim().length > 0): Rule => ({
  ok: (r) => typeof r.value === "string" && r.value !== SECRET_PLACEHOLDER && ok(r.value),
  fix,
});
const set = (name: string, value: string) => `npx sst secret set ${name} ${value} --stage <stage>`;

const RULES: Record<string, Rule> = {
  Table: { ok: (r) => typeof r.name === "string" && r.name.length > 0, fix: "link the table (infra/storage.ts)" },
  Auth: { ok: (r) => typeof r.url === "string" && isUrl(r.url), fix: "link the issuer's URL (infra/auth.ts)" },
  Bus: { ok: (r) => typeof r.name === "string" && r.name.length > 0, fix: "link the bus (infra/bus.ts)" },
  Email: {
    ok: (r) => typeof r.sender === "string" && MAILBOX.test(r.sender),
    fix: "a sender mailbox such as receipts@example.com (PAYLOFT_EMAIL_SENDER or PAYLOFT_DOMAIN at deploy)",
  },
  EncryptionKey: secret(set("EncryptionKey", '"$(openssl rand -base64 32)"'), KEY_32),
  AuthStorageKey: secret(set("AuthStorageKey", '"$(openssl rand -base64 32)"'), KEY_32),
  StripeSecretKey: secret(set("StripeSecretKey", "sk_live_..."), (v) => /^sk_(test|live)_/.test(v)),
  StripeWebhookSecret: secret(set("StripeWebhookSecret", "whsec_..."), (v) => v.startsWith("whsec_")),
  AdminEmails: secret(set("AdminEmails", "you@example.com")),
  UnlimitedEmails: secret(set("UnlimitedEmails", '"a@example.com,b@example.com"'), () => true),
  GoogleClientId: secret(set("GoogleClientId", "....apps.googleusercontent.com")),
  GoogleClientSecret: secret(set("GoogleClientSecret", "GOCSPX-...")),
  // Sent in a header by CloudFront: long enough not to be guessed, and header-safe.
  OriginSecret: secret(set("OriginSecret", '"$(openssl rand -base64 32)"'), (v) => /^[A-Za-z0-9+/=_-]{32,}$/.test(v)),
};

/** One sentence per problem; empty when everything `names` needs is there and well-formed. */
export function settingProblems(names: readonly string[]): string[] {
  const problems: string[] = [];
  const site = process.env.SITE_URL ?? "";
  if (!isUrl(site)) problems.push(`SITE_URL must be the site's address, e.g. https://shop.example.com (got "${site}")`);
  for (const name of names) {
    const rule = RULES[name];
    let value: unknown;
    try {
      // The one read by a computed name: the caller's own link names, nothing else.
      value = (Resource as unknown as Record<string, unknown>)[name];
    } catch {
      value = undefined;
    }
    if (!value || typeof value !== "object")
      problems.push(`${name} is not linked or not set: ${rule?.fix ?? "link it"}`);
    else if (rule && !rule.ok(value as Record<string, unknown>)) problems.push(`${name} is not valid: ${rule.fix}`);
  }
  return problems;
}

/** Throws one error listing every problem (the local runtime refuses to start with it). */
export function assertSettings(names: readonly string[]): void {
  const problems = settingProblems(names);
  if (problems.length) throw new Error(`Payloft is not configured: ${problems.join("; ")}.`);
}
