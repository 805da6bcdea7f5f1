/**
 * SES for receipts and notices. The sender is a stage setting: `PAYLOFT_EMAIL_SENDER`
 * (an address or a domain you control) at deploy time; with a custom domain it defaults
 * to that domain. SES asks you to verify it (e-mail link or DNS records) on first deploy.
 */
const sender = process.env.PAYLOFT_EMAIL_SENDER?.trim() || process.env.PAYLOFT_DOMAIN?.trim();
if (!sender) {
  throw new Error(
    "Set PAYLOFT_EMAIL_SENDER (e.g. receipts@example.com or example.com) before deploying: receipts are sent from it.",
  );
}

export const email = new sst.aws.Email("Email", { sender });
