/// <reference path="./.sst/platform/config.d.ts" />

/**
 * Payloft on AWS. Each concern is one file in infra/; this file only wires them in order
 * and returns the URLs a person needs after `npx sst deploy --stage <name>`.
 */
export default $config({
  async app(input) {
    const { productionStage, stageProtection, stageRegion } = await import("./infra/settings");
    // PAYLOFT_PRODUCTION=1 marks production (a stage named like it must say 1 or 0): it keeps its
    // table, bucket and secrets if the stage is removed and `sst remove` refuses; others are cleaned up.
    const { removal, protect } = stageProtection(productionStage(input.stage));
    return {
      name: "payloft",
      removal,
      protect,
      home: "aws",
      // Pinned (PAYLOFT_REGION, default us-east-1), never whatever the deploying shell's profile says.
      providers: { aws: { region: stageRegion() as aws.Region } },
    };
  },
  async run() {
    await import("./infra/defaults");
    await import("./infra/links");
    const { router, siteUrl } = await import("./infra/router");
    const { table } = await import("./infra/storage");
    const { files } = await import("./infra/files");
    const { authUrl } = await import("./infra/auth");
    const { bus, deadLetters } = await import("./infra/bus");
    const { webhookDeadLetters } = await import("./infra/webhooks");
    await import("./infra/schedules");
    // The API answers only through the router (its own URL refuses requests: infra/router.ts).
    await import("./infra/api");
    await import("./infra/web");
    await import("./infra/tally");
    await import("./infra/alarms");

    return {
      site: siteUrl,
      router: router.url,
      authUrl,
      googleRedirectUri: $interpolate`${authUrl}/google/callback`,
      stripeWebhookUrl: $interpolate`${siteUrl}/api/webhooks/stripe`,
      table: table.name,
      files: files.name,
      bus: bus.name,
      deadLetters: deadLetters.url,
      webhookDeadLetters: webhookDeadLetters.url,
    };
  },
});
