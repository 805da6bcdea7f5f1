/**
 * What an operator sets once per AWS account and stage, as environment variables read at
 * deploy time (README, "Deploying a stage"). Plain TypeScript with no SST globals, so the
 * rules are unit-tested (packages/local/test/stage-settings.test.ts) and a wrong value
 * stops `sst deploy` with one clear sentence instead of a half-working stage.
 */
export interface StageSettings {
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
  /** Where alarms are e-mailed; required on the production stage. */
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
  if (!alarmEmail && stage === "production")
    throw new SettingsError(
      "Set PAYLOFT_ALARM_EMAIL (e.g. ops@example.com) before deploying production: alarms are e-mailed to it.",
    );

  return { region, domain, emailSender, emailIdentity, alarmEmail };
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
