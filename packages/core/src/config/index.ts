import { Resource } from "sst";

/** Stage configuration read through Resource (sst.Secret values), never literals in code. */
const list = (raw: string | undefined) =>
  (raw ?? "")
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

export namespace Config {
  /** E-mails that become admins on sign-in (the first admins of a stage). */
  export const adminEmails = () => list(Resource.AdminEmails.value);
  /** E-mails with no product limit whatever their plan (rule: Plan limits). */
  export const unlimitedEmails = () => list(Resource.UnlimitedEmails.value);
  /** The site's own origin, e.g. https://shop.example.com or http://localhost:3000. */
  export const siteUrl = () => (process.env.SITE_URL ?? "").replace(/\/$/, "");
  /**
   * A production stage holds live money: live API keys. Set on every Lambda by infra/defaults.ts
   * from the stage's PAYLOFT_PRODUCTION setting (infra/settings.ts), never from the stage's name.
   */
  export const isProduction = () => process.env.PAYLOFT_PRODUCTION === "1";
  /** The offline runtime (`npm start`, tests), set by packages/local; never set on a deployed stage. */
  export const isOffline = () => process.env.PAYLOFT_OFFLINE === "1";
}
