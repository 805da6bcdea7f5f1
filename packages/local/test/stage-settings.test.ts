import { describe, expect, it } from "vitest";
import { stageRegion, stageSettings } from "../../../infra/settings";

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
    expect(() => stageSettings("production", base)).toThrow(/Set PAYLOFT_ALARM_EMAIL/);
    expect(stageSettings("production", { ...base, PAYLOFT_ALARM_EMAIL: "ops@example.com" }).alarmEmail).toBe(
      "ops@example.com",
    );
    expect(stageSettings("dev", base).alarmEmail).toBeUndefined();
    expect(() => stageSettings("dev", { ...base, PAYLOFT_ALARM_EMAIL: "ops" })).toThrow(/must be an e-mail address/);
  });
});
