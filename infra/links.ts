import { settings } from "./stage";

/**
 * What linking a component hands to a Lambda, replacing SST's defaults (which grant
 * `ses:*` plus `ses:Send*` on every resource) with exactly what our code calls.
 * `sst.Linkable.wrap` changes the link of every instance, so this runs before any Function
 * is created (sst.config.ts imports it right after the defaults).
 */
sst.Linkable.wrap(sst.aws.Email, (email) => ({
  // The mailbox, not the identity: a domain identity's name is not a valid From address.
  properties: { sender: settings.emailSender, configSet: email.configSet },
  include: [
    sst.aws.permission({
      actions: ["ses:SendEmail"],
      // Every identity of this account and region (while SES is in its sandbox the recipients
      // are verified identities too) and the configuration set SST attaches to the identity.
      resources: [
        email.nodes.identity.arn.apply((arn) => arn.replace(/identity\/.*$/, "identity/*")),
        email.nodes.configurationSet.arn,
      ],
    }),
  ],
}));
