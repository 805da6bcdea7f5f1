import { settings } from "./stage";

/**
 * SES for receipts and notices. SES verifies `settings.emailIdentity`: the site's whole
 * domain when the sender is on it (SST writes the DKIM records into its Route 53 zone), or
 * the single sender mailbox otherwise (SES e-mails it a link). Mail is always sent From the
 * mailbox `settings.emailSender` (receipts@<domain> by default), never from a bare domain:
 * infra/links.ts gives that mailbox to the code as Resource.Email.sender.
 */
export const email = new sst.aws.Email("Email", { sender: settings.emailIdentity });
