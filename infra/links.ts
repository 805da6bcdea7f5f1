import {
  BUS_ACTIONS,
  EMAIL_ACTIONS,
  FILES_BUCKET_ACTIONS,
  FILES_OBJECT_ACTIONS,
  QUEUE_ACTIONS,
  TABLE_ACTIONS,
} from "../packages/core/src/permissions";
import { settings } from "./stage";

/**
 * What linking a component hands to a Lambda, replacing SST's defaults (every DynamoDB,
 * EventBridge, SES and S3 action, plus sending on every resource) with exactly the actions our
 * code calls (packages/core/src/permissions.ts).
 * `sst.Linkable.wrap` changes the link of every instance, so this runs before any Function
 * is created (sst.config.ts imports it right after the defaults).
 */
sst.Linkable.wrap(sst.aws.Email, (email) => ({
  // The mailbox, not the identity: a domain identity's name is not a valid From address.
  properties: { sender: settings.emailSender, configSet: email.configSet },
  include: [
    sst.aws.permission({
      actions: [...EMAIL_ACTIONS],
      // Every identity of this account and region (while SES is in its sandbox the recipients
      // are verified identities too) and the configuration set SST attaches to the identity.
      resources: [
        email.nodes.identity.arn.apply((arn) => arn.replace(/identity\/.*$/, "identity/*")),
        email.nodes.configurationSet.arn,
      ],
    }),
  ],
}));

sst.Linkable.wrap(sst.aws.Dynamo, (table) => ({
  properties: { name: table.name },
  include: [
    sst.aws.permission({
      actions: [...TABLE_ACTIONS],
      // The table and its indexes (queries on a GSI are authorised on the index's ARN).
      resources: [table.arn, $interpolate`${table.arn}/index/*`],
    }),
  ],
}));

sst.Linkable.wrap(sst.aws.Bus, (bus) => ({
  properties: { name: bus.name, arn: bus.arn },
  include: [sst.aws.permission({ actions: [...BUS_ACTIONS], resources: [bus.arn] })],
}));

sst.Linkable.wrap(sst.aws.Queue, (queue) => ({
  properties: { url: queue.url },
  include: [sst.aws.permission({ actions: [...QUEUE_ACTIONS], resources: [queue.arn] })],
}));

// SST's Bucket link grants every S3 action on the bucket and its objects; the hosted-files code makes
// four calls (GetObject, HeadObject, the presigned POST with tags, PutObjectTagging).
sst.Linkable.wrap(sst.aws.Bucket, (bucket) => ({
  properties: { name: bucket.name },
  include: [
    sst.aws.permission({ actions: [...FILES_OBJECT_ACTIONS], resources: [$interpolate`${bucket.arn}/*`] }),
    sst.aws.permission({ actions: [...FILES_BUCKET_ACTIONS], resources: [bucket.arn] }),
  ],
}));
