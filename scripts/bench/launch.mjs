// Launch day on the contention-true local DynamoDB (packages/local/src/dynamo-front): 50
// buyers at once for 60 s through the real path (the sales page's view, the checkout route,
// the payments sandbox's hosted page, the signed webhook, the bus, fulfilment), in two runs:
// (a) every buyer buys the same product; (b) the buyers are spread over 100 creators. Then,
// once every webhook and bus delivery has settled: was every paid checkout recorded once, with
// one receipt, nothing dead-lettered, every figure equal to the recount, and no item taking more
// than 1/16 of the launch's writes? Fulfilment latency (webhook sent → purchase stored) and
// DynamoDB's refusals (conflicts, throttles) are reported per purchase. Run (c) is the launch's
// limited code: 1,000 buyers, 50 at a time, race for a 100-use code through the checkout route:
// exactly 100 discounts, "used up" for everyone else, never a 503 or a 500.
import { join } from "node:path";
import { root, budget, note, print, percentile } from "./lib.mjs";

const BUYERS = Number(process.env.LAUNCH_BUYERS ?? 50);
const SECONDS = Number(process.env.LAUNCH_SECONDS ?? 60);
const CREATORS_B = 100;
const CODE_BUYERS = Number(process.env.LAUNCH_CODE_BUYERS ?? 1000);
const CODE_USES = CODE_BUYERS / 10;

const { startStack } = await import(join(root, "packages/local/src/stack.ts"));
const stack = await startStack({ port: 0, dataDir: null, seed: false, quiet: true });
try {
  const { makeSeller, payOnHostedPage, settle } = await import(
    join(root, "packages/local/src/stripe-sandbox/testing.ts")
  );
  // Each buyer is a viewer of their own, forwarded as CloudFront forwards one (with the origin secret).
  const { viewerHeaders } = await import(join(root, "packages/local/src/testing/auth.ts"));
  const { PurchaseEntity } = await import(join(root, "packages/core/src/db/entities.ts"));
  const { Recount } = await import(join(root, "packages/core/src/recount/index.ts"));
  const front = stack.dynamoFront;
  note(
    `local DynamoDB at 1/${front.scale} of AWS's limits (PAYLOFT_DYNAMODB_SCALE): ${1000 / front.scale} write and ${3000 / front.scale} read units a second per partition`,
  );

  let address = 0;
  const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

  /** One buyer's visit: the sales page, its view beacon, the checkout, Pay on the hosted page. */
  async function buy(productId, email, paid, failures) {
    const headers = { ...viewerHeaders(nextAddress()), origin: stack.url, "content-type": "application/json" };
    await fetch(`${stack.url}/api/public/products/${productId}`, { headers }).then((r) => r.text());
    await fetch(`${stack.url}/api/public/products/${productId}/view`, {
      method: "POST",
      headers,
      body: JSON.stringify({ referrer: "https://news.example.com/launch" }),
    }).then((r) => r.text());
    const res = await fetch(`${stack.url}/api/checkout/create-session`, {
      method: "POST",
      headers,
      body: JSON.stringify({ productId }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.status !== 200 || !body.url) {
      const k = `checkout ${res.status} ${String(body.error ?? "").slice(0, 60)}`.trim();
      failures.set(k, (failures.get(k) ?? 0) + 1);
      return;
    }
    await payOnHostedPage(body.url, email);
    paid.push(decodeURIComponent(body.url.split("/pay/")[1]));
  }

  async function launch(label, tag, products) {
    await settle(stack);
    front.state.stats.reset();
    const deadBefore = stack.bus.deadLetters.length;
    const deliveriesBefore = stack.bus.deliveries.length;
    const outboxBefore = stack.outbox.messages.length;
    const paid = [];
    const failures = new Map();
    const end = performance.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async (_, b) => {
        for (let i = 0; performance.now() < end; i++) {
          const productId = products[(b + i * BUYERS) % products.length];
          await buy(productId, `buyer-${b}-${i}-${tag}@launch.test`, paid, failures).catch((err) => {
            const k = `buyer: ${String(err.message).slice(0, 60)}`;
            failures.set(k, (failures.get(k) ?? 0) + 1);
          });
        }
      }),
    );
    const buying = (Date.now() - started) / 1000;
    await settle(stack);
    const drained = (Date.now() - started) / 1000;

    // What was recorded, read back strongly; what the webhook deliveries say about timing.
    const recorded = [];
    for (let i = 0; i < paid.length; i += 100) {
      const got = await PurchaseEntity.get(paid.slice(i, i + 100).map((id) => ({ id }))).go({ consistent: true });
      recorded.push(...got.data);
    }
    const sentAt = new Map();
    for (const account of stack.stripe.store.accounts.values())
      for (const r of account.events)
        if (r.event.type === "checkout.session.completed")
          sentAt.set(r.event.data.object.id, Date.parse(r.deliveries[0]?.attempts[0]?.at ?? ""));
    const latencies = recorded
      .map((p) => Date.parse(p.created_at) - sentAt.get(p.id))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const receipts = new Map();
    for (const m of stack.outbox.messages.slice(outboxBefore))
      if (/@launch\.test$/.test(String(m.to))) receipts.set(m.to, (receipts.get(m.to) ?? 0) + 1);
    const deliveries = stack.bus.deliveries.slice(deliveriesBefore);
    const redeliveries = deliveries.reduce((n, d) => n + Math.max(0, d.attempts - 1), 0);
    const dead = stack.bus.deadLetters.length - deadBefore;
    const recount = await Recount.run({});
    const stats = front.state.stats.snapshot();
    const n = Math.max(1, recorded.length);

    budget(`${label}: paid but not recorded`, paid.length - recorded.length, 0, "sales");
    budget(
      `${label}: receipts beyond one per purchase`,
      [...receipts.values()].reduce((s, c) => s + c - 1, 0),
      0,
      "e-mails",
    );
    budget(`${label}: purchases without a receipt`, recorded.length - receipts.size, 0, "sales");
    budget(`${label}: dead letters`, dead, 0, "events");
    budget(`${label}: figures differing from the recount`, recount.differences.length, 0, "figures");
    budget(`${label}: hottest item's share of the writes`, 100 * (stats.hottest?.share ?? 0), 100 / 16, "%");
    note(
      `${label}: ${paid.length} paid, ${recorded.length} recorded in ${buying.toFixed(0)} s of buying ` +
        `(${(paid.length / buying).toFixed(1)} checkouts/s), settled after ${drained.toFixed(0)} s; ` +
        `fulfilment (webhook sent → purchase stored) p50 ${percentile(latencies, 50) ?? "–"} ms, p99 ${percentile(latencies, 99) ?? "–"} ms`,
    );
    note(
      `${label}: per purchase ${(stats.transactionConflicts / n).toFixed(2)} cancelled transactions (conflict), ` +
        `${(stats.writeConflicts / n).toFixed(2)} refused writes (conflict), ${(stats.throttles / n).toFixed(2)} throttled requests, ` +
        `${(redeliveries / n).toFixed(2)} subscriber retries; ${stats.itemWrites} item writes, hottest ${stats.hottest?.writes ?? 0} on ${stats.hottest?.item ?? "–"}`,
    );
    if (stats.mostThrottled.length)
      note(`${label}: most throttled: ${stats.mostThrottled.map(([b, c]) => `${b} (${c}×)`).join("; ")}`);
    // Why each dead letter died: its subscriber and its last error.
    const deaths = new Map();
    for (const r of stack.bus.deadLetters.slice(deadBefore)) {
      const k = `${r.requestContext.functionArn.split(":")[6]}: ${String(r.responsePayload?.errorMessage ?? r.requestContext.condition).slice(0, 80)}`;
      deaths.set(k, (deaths.get(k) ?? 0) + 1);
    }
    if (deaths.size) note(`${label}: dead letters: ${[...deaths].map(([k, v]) => `${v}× ${k}`).join("; ")}`);
    if (failures.size) note(`${label}: buyers turned away: ${[...failures].map(([k, v]) => `${v}× ${k}`).join("; ")}`);
    if (recount.differences.length)
      note(`${label}: recount differences, e.g. ${JSON.stringify(recount.differences.slice(0, 3))}`);
  }

  /** (c): every buyer types the same limited code; only checkouts (the race is for the code's item). */
  async function codeRace() {
    const label = `(c) ${CODE_BUYERS} buyers, a ${CODE_USES}-use code`;
    const { Discount } = await import(join(root, "packages/core/src/discount/index.ts"));
    const seller = await makeSeller({ name: "Code Creator", price: 2900 });
    const code = await Discount.create(seller.sellerId, {
      code: "LAUNCH",
      percent_off: 50,
      max_redemptions: CODE_USES,
    });
    await settle(stack);
    front.state.stats.reset();
    const answers = new Map();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (next < CODE_BUYERS) {
          next++;
          const headers = { ...viewerHeaders(nextAddress()), origin: stack.url, "content-type": "application/json" };
          const res = await fetch(`${stack.url}/api/checkout/create-session`, {
            method: "POST",
            headers,
            body: JSON.stringify({ productId: seller.productId, discount_code: "launch" }),
          });
          const body = await res.json().catch(() => ({}));
          const k = res.status === 200 ? "200 discounted checkout" : `${res.status} ${String(body.error).slice(0, 70)}`;
          answers.set(k, (answers.get(k) ?? 0) + 1);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const stats = front.state.stats.snapshot();
    const won = answers.get("200 discounted checkout") ?? 0;
    const usedUp = answers.get(`400 The code LAUNCH has been used up.`) ?? 0;
    const { DiscountEntity } = await import(join(root, "packages/core/src/db/entities.ts"));
    const stored = (await DiscountEntity.get({ id: code.id }).go({ consistent: true })).data;
    budget(`${label}: discounts given beyond or short of the limit`, Math.abs(won - CODE_USES), 0, "checkouts");
    budget(`${label}: buyers answered neither the discount nor "used up"`, CODE_BUYERS - won - usedUp, 0, "buyers");
    budget(`${label}: code's count differing from the discounts given`, Math.abs(stored.redemptions - won), 0, "uses");
    note(
      `${label}: ${won} discounted, ${usedUp} "used up" in ${seconds.toFixed(1)} s; ` +
        `${stats.transactionConflicts} cancelled transactions (conflict), ${stats.throttles} throttled requests; ` +
        `answers: ${[...answers].map(([k, v]) => `${v}× ${k}`).join("; ")}`,
    );
    if (stats.mostThrottled.length)
      note(`${label}: most throttled: ${stats.mostThrottled.map(([b, c]) => `${b} (${c}×)`).join("; ")}`);
  }

  const one = await makeSeller({ name: "Launch Creator", price: 2900 });
  await launch("(a) one product", "a", [one.productId]);
  const many = [];
  for (let i = 0; i < CREATORS_B; i++)
    many.push((await makeSeller({ name: `Creator ${i}`, price: 900 + i })).productId);
  await launch(`(b) ${CREATORS_B} creators`, "b", many);
  await codeRace();
  const ok = print(`Launch day: ${BUYERS} buyers for ${SECONDS} s on the contention-true DynamoDB`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
