import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { holdClockInFreshWindow } from "@payloft/local/testing/clock";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";
import { quiet, useHookReceiver } from "./hook-receiver";

/**
 * Outgoing webhook secrets and on-demand sends: rolling a secret in place (both secrets sign for
 * 24 hours, newest first, as Stripe sends two v1 signatures), who may roll, and one limit on
 * "Send test event" and "Resend" per endpoint. Deliveries go through the real queue to a real
 * receiver and are checked with the verification snippet the screen and docs/webhooks.md show.
 */
const stack = useStack();
const hooks = useHookReceiver();

async function creator(email: string, plan = "business"): Promise<Person> {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan }).go();
  return person;
}

async function endpointOf(who: Person): Promise<{ id: string; secret: string }> {
  const res = await call(stack(), "POST", "/api/webhook-endpoints", {
    cookie: who.cookie,
    body: { url: hooks.url(), events: ["sale.completed"] },
  });
  expect(res.status).toBe(201);
  return res.json;
}

const roll = (who: Person | null, id: string) =>
  call(stack(), "POST", `/api/webhook-endpoints/${id}/roll-secret`, who ? { cookie: who.cookie } : {});
const sendTest = (who: Person, id: string) =>
  call(stack(), "POST", `/api/webhook-endpoints/${id}/test`, { cookie: who.cookie });

/** The snippet the developers screen shows, as a module a receiver would run. */
async function verifier() {
  const { VERIFY_SNIPPET } = await import("@payloft/core/outgoing-webhook/verify-snippet");
  const file = join(mkdtempSync(join(tmpdir(), "verify-")), "verify.mjs");
  writeFileSync(file, VERIFY_SNIPPET);
  return (await import(pathToFileURL(file).href)).verifyPayloftSignature as (
    body: string,
    header: string,
    secret: string,
  ) => boolean;
}

/** Sends a test event and answers the delivery as the receiver got it. */
async function testDelivery(who: Person, id: string) {
  const sent = await sendTest(who, id);
  expect(sent.status).toBe(200);
  const got = await whenSettled(
    stack(),
    "the test event",
    () => hooks.received.find((r) => r.event.id === sent.json.event_id),
    (r) => !!r,
  );
  return { raw: got!.raw, header: String(got!.headers["payloft-signature"]) };
}
const v1Count = (header: string) => header.split(",").filter((p) => p.startsWith("v1=")).length;

describe("rolling an endpoint's secret", () => {
  it("answers a new secret once; both sign for 24 hours, then only the new one", async () => {
    const bea = await creator("bea.roll@example.com");
    const { id, secret: first } = await endpointOf(bea);
    const verify = await verifier();

    const rolled = await roll(bea, id);
    expect(rolled.status).toBe(200);
    const second = rolled.json.secret as string;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    const overlap = Date.parse(rolled.json.previous_secret_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    const listed = await call(stack(), "GET", "/api/webhook-endpoints", { cookie: bea.cookie });
    expect(listed.json.endpoints[0]).toMatchObject({
      id,
      previous_secret_expires_at: rolled.json.previous_secret_expires_at,
    });
    expect(listed.text).not.toContain(second);
    expect(listed.text).not.toContain(first);

    const during = await testDelivery(bea, id);
    expect(v1Count(during.header)).toBe(2);
    expect(verify(during.raw, during.header, second)).toBe(true);
    expect(verify(during.raw, during.header, first)).toBe(true);
    expect(verify(during.raw, during.header, "whsec_someone_else")).toBe(false);

    // 24 hours later (the overlap's end moved into the past): only the new secret signs.
    const { WebhookEndpointEntity } = await import("@payloft/core/db/entities");
    await WebhookEndpointEntity.patch({ id })
      .set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() })
      .go();
    const after = await testDelivery(bea, id);
    expect(v1Count(after.header)).toBe(1);
    expect(verify(after.raw, after.header, second)).toBe(true);
    expect(verify(after.raw, after.header, first)).toBe(false);
    const relisted = await call(stack(), "GET", "/api/webhook-endpoints", { cookie: bea.cookie });
    expect(relisted.json.endpoints[0].previous_secret_expires_at).toBeNull();

    // Rolling twice within the overlap: only the two newest secrets sign.
    const third = (await roll(bea, id)).json.secret as string;
    const fourth = (await roll(bea, id)).json.secret as string;
    const twice = await testDelivery(bea, id);
    expect(v1Count(twice.header)).toBe(2);
    expect(verify(twice.raw, twice.header, fourth)).toBe(true);
    expect(verify(twice.raw, twice.header, third)).toBe(true);
    expect(verify(twice.raw, twice.header, second)).toBe(false);
  });

  it("is the endpoint's Business owner's alone", async () => {
    const owner = await creator("owner.roll@example.com");
    const { id } = await endpointOf(owner);
    const other = await creator("other.roll@example.com");
    const pro = await creator("pro.roll@example.com", "pro");
    const buyer = await signInWithRole(stack(), "buyer.roll@example.com", "customer");

    expect((await roll(other, id)).status).toBe(404);
    const locked = await roll(pro, id);
    expect(locked.status).toBe(403);
    expect(locked.json.upgrade).toBeTruthy();
    expect((await roll(buyer, id)).status).toBe(403);
    expect((await roll(null, id)).status).toBe(401);
    expect((await roll(owner, "we_nope")).status).toBe(404);
  });
});

describe("Send test event and Resend share one limit per endpoint", () => {
  // The sends and the resend after them must meet one minute's window (a resend in the next
  // minute would be allowed), wherever in a minute the test starts.
  holdClockInFreshWindow();
  it("40 concurrent test calls send at most 10 events; the rest answer 429 and send nothing", async () => {
    const cleo = await creator("cleo.limit@example.com");
    const { id } = await endpointOf(cleo);
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendTest(cleo, id)));
    const sent = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(sent.length + limited.length).toBe(40);
    expect(sent.length).toBe(10);
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited[0]!.json.code).toBe("request.rate_limited");
    await quiet(stack());
    const ids = new Set(sent.map((a) => a.json.event_id as string));
    expect(hooks.received.filter((r) => ids.has(r.event.id))).toHaveLength(sent.length);

    // Resend counts in the same window: it is refused too, and sends nothing.
    const { json } = await call(stack(), "GET", `/api/webhook-endpoints/${id}/deliveries`, { cookie: cleo.cookie });
    const before = hooks.received.length;
    const resend = await call(
      stack(),
      "POST",
      `/api/webhook-endpoints/${id}/deliveries/${json.deliveries[0].id}/resend`,
      {
        cookie: cleo.cookie,
      },
    );
    expect(resend.status).toBe(429);
    await quiet(stack());
    expect(hooks.received.length).toBe(before);
  });
});
