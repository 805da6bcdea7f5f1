import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { call, useStack, whenSettled } from "@payloft/local/testing/index";
import { signInWithRole, type Person } from "./actors";

/**
 * Outgoing webhooks: endpoints with a secret shown once, SSRF refusals,
 * signed deliveries verified by the snippet documented in docs/webhooks.md, retries through the
 * (local) queue with every attempt in the log, resend, and the dead-letter after the last try.
 */
const stack = useStack();

type Received = { headers: IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
/** Status codes the receiver answers, in turn; then 200. */
const answers: number[] = [];
let receiver: Server;
let hookUrl = "";

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body, path: req.url ?? "" });
      res.writeHead(answers.shift() ?? 200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  hookUrl = `http://localhost:${(receiver.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function business(email: string, plan = "business"): Promise<Person> {
  const person = await signInWithRole(stack(), email, "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: person.id }).set({ plan }).go();
  return person;
}

const createEndpoint = (who: Person, body: unknown) =>
  call(stack(), "POST", "/api/webhook-endpoints", { cookie: who.cookie, body });
const deliveriesOf = async (who: Person, id: string) =>
  (await call(stack(), "GET", `/api/webhook-endpoints/${id}/deliveries`, { cookie: who.cookie })).json.deliveries;

/**
 * The verification snippet exactly as docs/webhooks.md documents it, loaded as a module. It reads
 * the document on purpose: the snippet is what creators copy, so the test runs that very code
 * against real deliveries (and checks the developer screen shows the same lines).
 */
async function documentedVerifier() {
  const doc = readFileSync(join(__dirname, "../../../docs/webhooks.md"), "utf8");
  const code = /## Verifying a delivery[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/webhooks.md has no js block under 'Verifying a delivery'");
  const { VERIFY_SNIPPET } = await import("@payloft/core/outgoing-webhook/verify-snippet");
  expect(code.trim()).toBe(VERIFY_SNIPPET.trim()); // the screen shows the same lines
  const file = join(mkdtempSync(join(tmpdir(), "verify-")), "verify.mjs");
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).verifyPayloftSignature as (
    body: string,
    header: string,
    secret: string,
  ) => boolean;
}

let bea: Person;
let endpoint: { id: string; secret: string };

beforeAll(async () => {
  bea = await business("bea-hooks@example.com");
});

describe("endpoints", () => {
  it("answers the signing secret once; the list never shows it", async () => {
    const res = await createEndpoint(bea, { url: `${hookUrl}/hooks`, events: ["sale.completed", "license.created"] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      url: `${hookUrl}/hooks`,
      events: ["sale.completed", "license.created"],
      is_active: true,
    });
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    endpoint = { id: res.json.id, secret: res.json.secret };
    const list = await call(stack(), "GET", "/api/webhook-endpoints", { cookie: bea.cookie });
    expect(list.json.endpoints.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect(list.text).not.toContain(endpoint.secret);
    const { WebhookEndpointEntity } = await import("@payloft/core/db/entities");
    const stored = (await WebhookEndpointEntity.get({ id: endpoint.id }).go()).data!;
    expect(JSON.stringify(stored)).not.toContain(endpoint.secret); // encrypted at rest
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", /private or reserved address \(169\.254\.169\.254\)/],
    ["https://169.254.169.254/latest/meta-data/", /private or reserved/],
    ["https://10.0.0.7/hook", /private or reserved/],
    ["https://192.168.1.20/hook", /private or reserved/],
    ["https://172.20.0.1/hook", /private or reserved/],
    ["https://100.64.0.9/hook", /private or reserved/],
    ["https://[fd00:ec2::254]/hook", /private or reserved/],
    ["https://[::ffff:10.0.0.1]/hook", /private or reserved/],
    ["https://[fe80::1]/hook", /private or reserved/],
    ["https://0.0.0.0/hook", /private or reserved/],
    ["http://203.0.113.5/hook", /https:\/\//],
    ["ftp://files.example.com/hook", /https:\/\//],
    ["https://user:secret@hooks.example.com/", /user name or password/],
    ["not a url", /full address/],
  ])("refuses %s (SSRF and scheme rules)", async (url, message) => {
    const res = await createEndpoint(bea, { url, events: ["sale.completed"] });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(message);
  });

  it("refuses names that resolve inward, at save and again when connecting (no loopback off this machine)", async () => {
    const { checkEndpointUrl } = await import("@payloft/core/outgoing-webhook/url");
    const { postWebhook } = await import("@payloft/core/outgoing-webhook/send");
    const deployed = { allowLoopback: false };
    await expect(checkEndpointUrl("https://localhost/hook", deployed)).rejects.toThrow(/resolves to a private/);
    const before = received.length;
    const sent = await postWebhook(`${hookUrl}/rebound`, "{}", {}, deployed);
    expect(sent.status).toBeNull();
    expect(sent.error).toMatch(/refused/);
    expect(received.length).toBe(before);
  });

  it("refuses unknown events and is locked below Business", async () => {
    const bad = await createEndpoint(bea, { url: `${hookUrl}/x`, events: ["sale.exploded"] });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/Choose at least one event/);
    // Only events a seller's sales produce are offered (rule: Only producible events): no
    // subscription.* (the creator's own plan), membership.* instead; the sentence lists what can be chosen.
    for (const events of [["subscription.*"], ["sale.completed", "subscription.created"]]) {
      const refused = await createEndpoint(bea, { url: `${hookUrl}/x`, events });
      expect(refused.status, events.join()).toBe(400);
      expect(refused.json.error).toMatch(
        /^events\.\d: Choose at least one event: sale\.completed, sale\.refunded, license\.created, membership\.started, .*, membership\.ended\.$/,
      );
    }
    const pro = await business("pro-hooks@example.com", "pro");
    const locked = await createEndpoint(pro, { url: `${hookUrl}/x`, events: ["sale.completed"] });
    expect(locked.status).toBe(403);
    expect(locked.json).toMatchObject({ upgrade: "business", code: "plan.feature_locked" });
  });

  it("another creator's endpoint is a 404", async () => {
    const bob = await business("bob-hooks@example.com");
    for (const [method, path] of [
      ["GET", `/api/webhook-endpoints/${endpoint.id}/deliveries`],
      ["PUT", `/api/webhook-endpoints/${endpoint.id}`],
      ["POST", `/api/webhook-endpoints/${endpoint.id}/test`],
      ["DELETE", `/api/webhook-endpoints/${endpoint.id}`],
    ] as const) {
      const res = await call(stack(), method, path, { cookie: bob.cookie, body: method === "PUT" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe("deliveries", () => {
  it("signs each delivery so that the documented Node snippet verifies it", async () => {
    const verify = await documentedVerifier();
    const before = received.length;
    const res = await call(stack(), "POST", `/api/webhook-endpoints/${endpoint.id}/test`, { cookie: bea.cookie });
    expect(res.status).toBe(200);
    const got = await whenSettled(
      stack(),
      "the test delivery",
      async () => received.slice(before),
      (r) => r.length > 0,
    );
    const { headers, body, path } = got[0]!;
    expect(path).toBe("/hooks");
    expect(JSON.parse(body)).toMatchObject({ id: res.json.event_id, type: "webhook.test" });
    expect(headers["payloft-event-id"]).toBe(res.json.event_id);
    const signature = headers["payloft-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(body, signature, endpoint.secret)).toBe(true);
    expect(verify(`${body} `, signature, endpoint.secret)).toBe(false);
    expect(verify(body, signature, "whsec_someone-else")).toBe(false);
    const stale = signature.replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`);
    expect(verify(body, stale, endpoint.secret)).toBe(false);

    const log = await whenSettled(
      stack(),
      "the log",
      () => deliveriesOf(bea, endpoint.id),
      (d) => d[0]?.status === "succeeded",
    );
    expect(log[0]).toMatchObject({ event_type: "webhook.test", status: "succeeded" });
    expect(log[0].attempts).toEqual([expect.objectContaining({ status_code: 200, trigger: "first" })]);
  });

  it("retries a failing endpoint through the queue, and the log shows both attempts", async () => {
    answers.push(500);
    const res = await call(stack(), "POST", `/api/webhook-endpoints/${endpoint.id}/test`, { cookie: bea.cookie });
    const log = await whenSettled(
      stack(),
      "the retry",
      () => deliveriesOf(bea, endpoint.id),
      (d) => d.find((x: { event_id: string }) => x.event_id === res.json.event_id)?.status === "succeeded",
    );
    const delivery = log.find((x: { event_id: string }) => x.event_id === res.json.event_id);
    expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(delivery.attempts.map((a: { trigger: string }) => a.trigger)).toEqual(["first", "retry"]);
    for (const a of delivery.attempts) expect(Date.parse(a.at)).toBeGreaterThan(Date.now() - 60_000);
    // The local clock runs 60x: the 1-minute first retry came about a second later.
    const gap = Date.parse(delivery.attempts[1].at) - Date.parse(delivery.attempts[0].at);
    expect(gap).toBeGreaterThanOrEqual(900);
  });

  it("resends an event on request, as a new attempt in the log", async () => {
    const [latest] = await deliveriesOf(bea, endpoint.id);
    const res = await call(stack(), "POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/${latest.id}/resend`, {
      cookie: bea.cookie,
    });
    expect(res.status).toBe(200);
    const log = await whenSettled(
      stack(),
      "the resend",
      () => deliveriesOf(bea, endpoint.id),
      (d) => d[0].attempts.length === latest.attempts.length + 1 && d[0].status === "succeeded",
    );
    expect(log[0].attempts.at(-1)).toMatchObject({ status_code: 200, trigger: "resend" });
  });

  it("gives up after the last try: marked failed, every attempt logged, the message dead-lettered", async () => {
    const { MAX_ATTEMPTS } = await import("@payloft/core/outgoing-webhook/schedule");
    const dead = stack().queue.deadLetters.length;
    answers.push(...Array.from({ length: MAX_ATTEMPTS }, () => 503));
    stack().queue.setTimeScale(1 / 50_000); // walk the 8.6-hour schedule in under a second
    try {
      const res = await call(stack(), "POST", `/api/webhook-endpoints/${endpoint.id}/test`, { cookie: bea.cookie });
      const log = await whenSettled(
        stack(),
        "the last try",
        () => deliveriesOf(bea, endpoint.id),
        (d) => d.find((x: { event_id: string }) => x.event_id === res.json.event_id)?.status === "failed",
      );
      const delivery = log.find((x: { event_id: string }) => x.event_id === res.json.event_id);
      expect(delivery.attempts).toHaveLength(MAX_ATTEMPTS);
      expect(delivery.attempts.every((a: { status_code: number }) => a.status_code === 503)).toBe(true);
      await whenSettled(
        stack(),
        "the dead letter",
        async () => stack().queue.deadLetters.length,
        (n) => n === dead + 1,
      );
    } finally {
      stack().queue.setTimeScale(1 / 60);
      answers.length = 0;
    }
  });

  it("a switched-off endpoint refuses tests, and a deleted one gets nothing more", async () => {
    const off = await call(stack(), "PUT", `/api/webhook-endpoints/${endpoint.id}`, {
      cookie: bea.cookie,
      body: { is_active: false },
    });
    expect(off.json.is_active).toBe(false);
    expect(
      (await call(stack(), "POST", `/api/webhook-endpoints/${endpoint.id}/test`, { cookie: bea.cookie })).status,
    ).toBe(409);
    const gone = await call(stack(), "DELETE", `/api/webhook-endpoints/${endpoint.id}`, { cookie: bea.cookie });
    expect(gone.status).toBe(200);
    expect((await call(stack(), "GET", "/api/webhook-endpoints", { cookie: bea.cookie })).json.endpoints).toEqual([]);
  });
});
