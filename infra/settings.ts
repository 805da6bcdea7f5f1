/**
 * What an operator sets once per AWS account and stage, as environment variables read by every
 * `sst` command (README, "Deploying to a fresh AWS account"). Plain TypeScript with no SST
 * globals, so the rules are unit-tested (packages/local/test/stage-settings.test.ts) and a wrong
 * value stops `sst deploy` with one clear sentence instead of a half-working stage.
 */
export interface StageSettings {
  /**
   * A production stage (PAYLOFT_PRODUCTION=1): its data is retained and protected, backed up,
   * logged for months and alarmed; its API keys are live. Never inferred from the stage name.
   */
  production: boolean;
  /** AWS region every resource of the stage lives in (SES identities are per region too). */
  region: string;
  /** Custom domain of the site (Route 53 hosted), or undefined for the CloudFront URL. */
  domain?: string;
  /** The mailbox receipts are sent from, e.g. receipts@example.com. Never a bare domain. */
  emailSender: string;
  /**
   * What SES verifies: the sender's whole domain when it is the site's Route 53 domain (DNS
   * records, DKIM, created for you), otherwise the single mailbox (a link sent to it).
   */
  emailIdentity: string;
  /** Where alarms are e-mailed; required on a production stage. */
  alarmEmail?: string;
}

export const DEFAULT_REGION = "us-east-1";
/** The mailbox name used when only PAYLOFT_DOMAIN is set. */
export const DEFAULT_SENDER_NAME = "receipts";

const MAILBOX = /^[^\s@<>()",;:]+@([a-z0-9-]+\.)+[a-z]{2,}$/i;
const DOMAIN = /^([a-z0-9-]+\.)+[a-z]{2,}$/i;
const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

export class SettingsError extends Error {}

export function stageSettings(stage: string, env: Record<string, string | undefined> = process.env): StageSettings {
  const read = (name: string) => env[name]?.trim() || undefined;

  const production = productionStage(stage, env);
  const region = stageRegion(env);
  const domain = read("PAYLOFT_DOMAIN")?.toLowerCase();
  if (domain && !DOMAIN.test(domain))
    throw new SettingsError(`PAYLOFT_DOMAIN must be a host name such as shop.example.com (got "${domain}").`);

  const emailSender = senderFrom(read("PAYLOFT_EMAIL_SENDER"), domain);
  const senderDomain = emailSender.split("@")[1]!;
  const emailIdentity = domain && senderDomain === domain ? domain : emailSender;

  const alarmEmail = read("PAYLOFT_ALARM_EMAIL");
  if (alarmEmail && !MAILBOX.test(alarmEmail))
    throw new SettingsError(`PAYLOFT_ALARM_EMAIL must be an e-mail address (got "${alarmEmail}").`);
  if (!alarmEmail && production)
    throw new SettingsError(
      "Set PAYLOFT_ALARM_EMAIL (e.g. ops@example.com) before deploying production: alarms are e-mailed to it.",
    );

  return { production, region, domain, emailSender, emailIdentity, alarmEmail };
}

/** Stage names an operator could mean as production: prod, production, live, main (or prod-eu…). */
export const PRODUCTION_LIKE_NAME = /^(prod|production|live|main)([-_].*)?$/i;

/**
 * Whether `stage` is a production stage: PAYLOFT_PRODUCTION=1 says so, whatever its name. A
 * stage whose name looks like production must say which it is (1, or 0 for a stage that only
 * shares the name), so `--stage prod` can never deploy, or be removed, without production's
 * protections by accident. Read by sst.config.ts for every command (deploy, remove, secret,
 * shell), so export it with PAYLOFT_REGION in the shell that operates a production stage.
 */
export function productionStage(stage: string, env: Record<string, string | undefined> = process.env): boolean {
  const flag = env.PAYLOFT_PRODUCTION?.trim();
  if (flag === "1") return true;
  if (flag === "0") return false;
  if (flag) throw new SettingsError(`PAYLOFT_PRODUCTION must be 1 (a production stage) or 0 (got "${flag}").`);
  if (PRODUCTION_LIKE_NAME.test(stage))
    throw new SettingsError(
      `The stage "${stage}" looks like production: set PAYLOFT_PRODUCTION=1 to run it with production's protections (data retained and protected from removal, deletion protection, backups, alarms), or PAYLOFT_PRODUCTION=0 if it is not production.`,
    );
  return false;
}

/** What a production stage gets that others do not, in one place (sst.config.ts and infra/ read it). */
export function stageProtection(production: boolean) {
  return {
    /** On `sst remove` (and when a resource leaves the config): keep the table, bucket and secrets. */
    removal: production ? ("retain" as const) : ("remove" as const),
    /** `sst remove` refuses to run at all. */
    protect: production,
    /** DeleteTable fails while it is on, whoever asks. */
    deletionProtection: production,
    pointInTimeRecovery: production,
    logRetention: production ? ("3 months" as const) : ("1 week" as const),
  };
}

/**
 * The region is pinned per stage in sst.config.ts (not taken from whatever the operator's
 * shell or profile says), so a deploy never lands half a stage in another region.
 */
export function stageRegion(env: Record<string, string | undefined> = process.env): string {
  const region = env.PAYLOFT_REGION?.trim() || DEFAULT_REGION;
  if (!REGION.test(region))
    throw new SettingsError(`PAYLOFT_REGION must be an AWS region such as us-east-1 (got "${region}").`);
  return region;
}

/**
 * SES sends From a mailbox: a bare domain as From is refused by SES (and by receiving
 * servers), so a domain alone is never accepted as the sender.
 */
function senderFrom(sender: string | undefined, domain: string | undefined): string {
  if (!sender) {
    if (domain) return `${DEFAULT_SENDER_NAME}@${domain}`;
    throw new SettingsError(
      "Set PAYLOFT_EMAIL_SENDER (e.g. receipts@example.com) or PAYLOFT_DOMAIN before deploying: receipts are sent from it.",
    );
  }
  if (!sender.includes("@"))
    throw new SettingsError(
      `PAYLOFT_EMAIL_SENDER must be a mailbox such as ${DEFAULT_SENDER_NAME}@${sender}, not a bare domain (got "${sender}").`,
    );
  if (!MAILBOX.test(sender))
    throw new SettingsError(
      `PAYLOFT_EMAIL_SENDER must be an e-mail address such as receipts@example.com (got "${sender}").`,
    );
  return sender.toLowerCase();
}
