import { afterEach, describe, expect, it } from "vitest";
import { productionStage, stageProtection, stageRegion, stageSettings } from "../../../infra/settings";

/** The deploy-time settings an operator gives once per account (infra/settings.ts). */
describe("stage settings", () => {
  it("a bare domain is never the sender: receipts go From a mailbox", () => {
    expect(() => stageSettings("dev", { PAYLOFT_EMAIL_SENDER: "example.com" })).toThrow(
      'PAYLOFT_EMAIL_SENDER must be a mailbox such as receipts@example.com, not a bare domain (got "example.com").',
    );
  });

  it("with only a domain, mail comes from receipts@<domain> and SES verifies the whole domain", () => {
    const s = stageSettings("dev", { PAYLOFT_DOMAIN: "Shop.Example.com" });
    expect(s).toMatchObject({
      domain: "shop.example.com",
      emailSender: "receipts@shop.example.com",
      emailIdentity: "shop.example.com",
    });
  });

  it("a mailbox on the site's domain verifies the domain; one elsewhere verifies just that mailbox", () => {
    const onSite = stageSettings("dev", {
      PAYLOFT_DOMAIN: "shop.example.com",
      PAYLOFT_EMAIL_SENDER: "hello@shop.example.com",
    });
    expect(onSite).toMatchObject({ emailSender: "hello@shop.example.com", emailIdentity: "shop.example.com" });
    const elsewhere = stageSettings("dev", { PAYLOFT_EMAIL_SENDER: "Receipts@Mail.Example.org" });
    expect(elsewhere).toMatchObject({
      emailSender: "receipts@mail.example.org",
      emailIdentity: "receipts@mail.example.org",
    });
  });

  it("no sender and no domain stops the deploy with what to set", () => {
    expect(() => stageSettings("dev", {})).toThrow(
      /Set PAYLOFT_EMAIL_SENDER \(e\.g\. receipts@example\.com\) or PAYLOFT_DOMAIN/,
    );
    expect(() => stageSettings("dev", { PAYLOFT_EMAIL_SENDER: "not an address@x" })).toThrow(
      /must be an e-mail address/,
    );
  });

  it("the region is pinned: us-east-1 unless PAYLOFT_REGION names another", () => {
    expect(stageRegion({})).toBe("us-east-1");
    expect(stageRegion({ PAYLOFT_REGION: "eu-west-1" })).toBe("eu-west-1");
    expect(() => stageRegion({ PAYLOFT_REGION: "europe" })).toThrow(/must be an AWS region/);
    expect(stageSettings("dev", { PAYLOFT_DOMAIN: "a.example.com", PAYLOFT_REGION: "eu-central-1" }).region).toBe(
      "eu-central-1",
    );
  });

  it("production needs an alarm e-mail; other stages may go without", () => {
    const base = { PAYLOFT_DOMAIN: "shop.example.com" };
    const live = { ...base, PAYLOFT_PRODUCTION: "1" };
    expect(() => stageSettings("production", live)).toThrow(/Set PAYLOFT_ALARM_EMAIL/);
    expect(() => stageSettings("shop", live)).toThrow(/Set PAYLOFT_ALARM_EMAIL/);
    expect(stageSettings("production", { ...live, PAYLOFT_ALARM_EMAIL: "ops@example.com" }).alarmEmail).toBe(
      "ops@example.com",
    );
    expect(stageSettings("dev", base).alarmEmail).toBeUndefined();
    expect(() => stageSettings("dev", { ...base, PAYLOFT_ALARM_EMAIL: "ops" })).toThrow(/must be an e-mail address/);
  });
});

/**
 * Production is one setting, PAYLOFT_PRODUCTION, never the literal stage name: `--stage prod`
 * once deployed with no retain or protect, no deletion protection, no backups, 1-week logs and
 * no alarms, and `sst remove --stage prod` then deleted the table.
 */
describe("production is a setting, not a stage name", () => {
  const env = { ...process.env };
  afterEach(() => {
    process.env = { ...env };
  });

  it.each(["prod", "production", "live", "main", "Prod", "prod-eu", "production_2"])(
    "a stage named %s is refused without PAYLOFT_PRODUCTION",
    (stage) => {
      expect(() => productionStage(stage, {})).toThrow(
        `The stage "${stage}" looks like production: set PAYLOFT_PRODUCTION=1`,
      );
      expect(() => stageSettings(stage, { PAYLOFT_DOMAIN: "shop.example.com" })).toThrow(/looks like production/);
      expect(productionStage(stage, { PAYLOFT_PRODUCTION: "1" })).toBe(true);
      expect(productionStage(stage, { PAYLOFT_PRODUCTION: "0" })).toBe(false);
    },
  );

  it("any stage is production with PAYLOFT_PRODUCTION=1, none without it", () => {
    expect(productionStage("shop", { PAYLOFT_PRODUCTION: "1" })).toBe(true);
    for (const stage of ["dev", "alice", "staging", "products", "mainframe", "livestream"])
      expect(productionStage(stage, {}), stage).toBe(false);
    expect(() => productionStage("dev", { PAYLOFT_PRODUCTION: "yes" })).toThrow(
      'PAYLOFT_PRODUCTION must be 1 (a production stage) or 0 (got "yes").',
    );
  });

  it("a production stage gets every protection, another stage none", () => {
    expect(stageProtection(true)).toEqual({
      removal: "retain",
      protect: true,
      deletionProtection: true,
      pointInTimeRecovery: true,
      logRetention: "3 months",
    });
    expect(stageProtection(false)).toEqual({
      removal: "remove",
      protect: false,
      deletionProtection: false,
      pointInTimeRecovery: false,
      logRetention: "1 week",
    });
  });

  it("sst.config.ts takes removal and protect from the setting, for every command", async () => {
    const g = globalThis as { $config?: (c: unknown) => unknown };
    g.$config = (c) => c;
    // By URL, so the packages' type-check does not follow it into SST's platform sources.
    const configUrl = new URL("../../../sst.config.ts", import.meta.url).href;
    const config = (await import(/* @vite-ignore */ configUrl)).default as {
      app(input: { stage: string }): Promise<{ removal: string; protect: boolean }>;
    };
    delete process.env.PAYLOFT_PRODUCTION;
    await expect(config.app({ stage: "prod" })).rejects.toThrow(/looks like production/);
    expect(await config.app({ stage: "dev" })).toMatchObject({ removal: "remove", protect: false });
    process.env.PAYLOFT_PRODUCTION = "1";
    expect(await config.app({ stage: "prod" })).toMatchObject({ removal: "retain", protect: true });
    expect(await config.app({ stage: "shop" })).toMatchObject({ removal: "retain", protect: true });
  });
});
