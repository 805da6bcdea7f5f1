import type { IncomingMessage, ServerResponse } from "node:http";
import { bindServer, closeServer, type BoundServer } from "../ports";
import { handleApi } from "./api";
import { PayPalApiError } from "./errors";
import { EventBus, type EventsOptions } from "./events";
import { approveOrder, voidOrder } from "./orders";
import { openDispute, refundCapture } from "./payments";
import { findSale, refundSale, reverseSale } from "./sale-refunds";
import { approvePage, approvedPage, eventsPage, withParams } from "./pages";
import { Signer } from "./signing";
import { PayPalStore, present, type Merchant, type PayPalObject } from "./store";
import { advanceClock, MAX_ADVANCE_SECONDS } from "./clock";
import { approveSubscription } from "./subscriptions";
import { returnParams, subscriptionPage } from "./subscription-page";
import { autopayPage, changeFunding } from "./autopay";
import { approveRevision, revisionPage, revisionReturn } from "./subscription-revise";
import type { PayPal } from "./context";

export { REFUSED_CLIENT_PREFIX } from "./api";

/**
 * The local PayPal sandbox: a stand-in for api-m.sandbox.paypal.com that Payloft's PayPal
 * client reaches through PAYPAL_API_URL. It implements the OAuth client-credentials token,
 * Orders v2 (create, get, capture), Payments v2 captures (get, refund), Notifications v1
 * webhooks and verify-webhook-signature, a hosted approve page at each order's approve link,
 * signed webhook delivery with retries, an events page, and the dashboard actions PayPal
 * has no API for (refund from the events page, a buyer opening a dispute).
 */
export interface PayPalSandboxOptions extends EventsOptions {
  /** The port (0: one the OS picks), or a server the caller has bound already. */
  port: number | BoundServer;
  /** Keeps sandbox data across restarts (npm start); tests keep it in memory. */
  stateFile?: string;
  /** Told the clock's new time (Unix seconds) after each advance (the local stack's scheduled jobs follow it). */
  onClockAdvanced?: (now: number) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (body === undefined) {
    res.writeHead(status, { "paypal-debug-id": "sandbox" });
    return res.end();
  }
  const isHtml = typeof body === "string";
  res.writeHead(status, {
    "content-type": isHtml ? "text/html; charset=utf-8" : "application/json",
    "paypal-debug-id": "sandbox",
  });
  res.end(isHtml ? body : JSON.stringify(body));
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};

export async function startPayPalSandbox(opts: PayPalSandboxOptions) {
  const bound = typeof opts.port === "number" ? await bindServer(opts.port, "the local PayPal sandbox") : opts.port;
  const baseUrl = bound.url;
  const store = new PayPalStore(opts.stateFile);
  const signer = new Signer(`${baseUrl}/v1/notifications/certs/CERT-local-sandbox`);
  const events = new EventBus(store, signer, baseUrl, opts);
  const pp: PayPal = { store, events, signer, baseUrl };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", baseUrl);
    const path = url.pathname;
    const method = req.method ?? "GET";
    const raw = await readBody(req);

    if (method === "GET" && path === signer.certUrl.slice(baseUrl.length)) {
      res.writeHead(200, { "content-type": "application/x-pem-file" });
      return res.end(signer.publicPem());
    }
    if (path.startsWith("/v1/") || path.startsWith("/v2/")) {
      const headers = req.headers as Record<string, string | undefined>;
      const answer = handleApi(pp, { method, path, raw, headers, query: url.searchParams });
      return send(res, answer.status, answer.body);
    }
    if (path === "/checkoutnow") {
      const found = store.findOrder(url.searchParams.get("token") ?? "");
      if (!found) return send(res, 404, missing("This PayPal order does not exist."));
      const { merchant, order } = found;
      if (method === "GET") return send(res, 200, approvePage(order));
      const email = (new URLSearchParams(raw).get("email") ?? "").trim().toLowerCase();
      if (!EMAIL.test(email))
        return send(res, 400, approvePage(order, { error: "Enter a valid e-mail address.", email }));
      try {
        approveOrder(pp, merchant, order, email);
      } catch (err) {
        if (err instanceof PayPalApiError) return send(res, 409, approvePage(order, { email }));
        throw err;
      }
      if (!order._return_url) return send(res, 200, approvedPage(order));
      return redirect(res, withParams(order._return_url, { token: order.id, PayerID: order.payer.payer_id }));
    }
    if (path === "/webapps/billing/subscriptions") return subscriptionApproval(req, res, url, raw);
    const autopay = /^\/myaccount\/autopay\/connect\/([^/]+)$/.exec(path);
    if (autopay) return automaticPayment(req, res, decodeURIComponent(autopay[1]!), raw);
    if (path === "/webapps/billing/subscriptions/update") return revisionApproval(req, res, url);
    if (method === "POST" && path === "/__sandbox/clock/advance") {
      const body = (() => {
        try {
          return JSON.parse(raw || "{}");
        } catch {
          return {};
        }
      })();
      const seconds = typeof body.seconds === "number" ? body.seconds : Number(body.seconds);
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS)
        return send(res, 400, {
          name: "INVALID_REQUEST",
          message: "seconds must be a whole number from 0 to 5 years.",
        });
      const moved = advanceClock(pp, seconds);
      opts.onClockAdvanced?.(moved.now);
      return send(res, 200, moved);
    }
    if (method === "GET" && (path === "/" || path === "/events"))
      return send(res, 200, eventsPage([...store.merchants.values()]));
    if (method === "GET" && path === "/events.json") {
      const all = [...store.merchants.values()].flatMap((m) =>
        m.events.map((r) => ({ merchant: m.merchant_id, ...r })),
      );
      return send(res, 200, all);
    }
    // What PayPal's dashboard (seller refunds) and buyer accounts (disputes) do; no token needed.
    const helper = /^\/__sandbox\/(refunds|disputes)$/.exec(path);
    if (method === "POST" && helper) {
      const form = (req.headers["content-type"] ?? "").includes("json")
        ? JSON.parse(raw || "{}")
        : Object.fromEntries(new URLSearchParams(raw));
      // A subscription's sale (sale_id): a refund, or the buyer's chargeback, which reverses it.
      const sold = form.sale_id ? findSale(store.merchants.values(), String(form.sale_id)) : undefined;
      const found = sold ? undefined : store.findCapture(String(form.capture_id ?? ""));
      if (!found && !sold) return send(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No such capture or sale." });
      try {
        const result = sold
          ? helper[1] === "refunds"
            ? refundSale(pp, sold.merchant, sold.sale.id)
            : reverseSale(pp, sold.merchant, sold.sale.id)
          : helper[1] === "refunds"
            ? refundCapture(pp, found!.merchant, found!.capture.id)
            : openDispute(pp, found!.merchant, found!.capture);
        if ((req.headers.accept ?? "").includes("text/html")) return redirect(res, "/events");
        return send(res, 201, result);
      } catch (err) {
        if (err instanceof PayPalApiError) return send(res, err.status, err.body());
        throw err;
      }
    }
    const voiding = /^\/__sandbox\/orders\/([^/]+)\/void$/.exec(path);
    if (method === "POST" && voiding) {
      const found = store.findOrder(decodeURIComponent(voiding[1]!));
      if (!found) return send(res, 404, { name: "RESOURCE_NOT_FOUND", message: "No such order." });
      try {
        return send(res, 200, present(voidOrder(pp, found.merchant, found.order)));
      } catch (err) {
        if (err instanceof PayPalApiError) return send(res, err.status, err.body());
        throw err;
      }
    }
    send(res, 404, { name: "NOT_FOUND", message: `This sandbox does not implement ${method} ${path}.` });
  }

  /** The hosted approve page of a subscription (its `approve` link). */
  function subscriptionApproval(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const token = url.searchParams.get("ba_token") ?? "";
    let found: { merchant: Merchant; subscription: PayPalObject } | undefined;
    for (const m of store.merchants.values()) {
      const s = Object.values(m.subscriptions).find((x) => x._ba_token === token);
      if (s) found = { merchant: m, subscription: s };
    }
    if (!found) return send(res, 404, missing("This PayPal subscription does not exist."));
    const { merchant, subscription } = found;
    const plan = merchant.plans[subscription.plan_id]!;
    if (req.method !== "POST") return send(res, 200, subscriptionPage(subscription, plan));
    const email = (new URLSearchParams(raw).get("email") ?? "").trim().toLowerCase();
    if (!EMAIL.test(email))
      return send(res, 400, subscriptionPage(subscription, plan, { error: "Enter a valid e-mail address.", email }));
    try {
      approveSubscription(pp, merchant, subscription, email);
    } catch (err) {
      if (err instanceof PayPalApiError) return send(res, 409, subscriptionPage(subscription, plan, { email }));
      throw err;
    }
    if (!subscription._return_url) return send(res, 200, subscriptionPage(subscription, plan));
    return redirect(res, withParams(subscription._return_url, returnParams(subscription)));
  }

  /** The buyer's page of one automatic payment: sign in, change how it is paid (./autopay.ts). */
  function automaticPayment(req: IncomingMessage, res: ServerResponse, id: string, raw: string) {
    const merchant = [...store.merchants.values()].find((m) => m.subscriptions[id]);
    const subscription = merchant?.subscriptions[id];
    if (!merchant || !subscription || subscription.status === "APPROVAL_PENDING")
      return send(res, 404, missing("This automatic payment does not exist."));
    if (req.method !== "POST") return send(res, 200, autopayPage(pp, merchant, subscription));
    const answer = changeFunding(pp, merchant, subscription, new URLSearchParams(raw));
    return send(res, answer.status, answer.html);
  }

  /** The approve link of a plan revision: "Agree & Change" returns to return_url (303). */
  function revisionApproval(req: IncomingMessage, res: ServerResponse, url: URL) {
    const token = url.searchParams.get("ba_token") ?? "";
    let found: { merchant: Merchant; subscription: PayPalObject } | undefined;
    for (const m of store.merchants.values()) {
      const s = Object.values(m.subscriptions).find((x) => x._revision?.token === token);
      if (s) found = { merchant: m, subscription: s };
    }
    if (!found) return send(res, 404, missing("This change of a PayPal subscription does not exist."));
    const { merchant, subscription } = found;
    const page = () => revisionPage(pp, subscription, merchant.plans[subscription._revision.plan_id]);
    if (req.method !== "POST") return send(res, 200, page());
    const back = subscription._revision.return_url
      ? revisionReturn(subscription, subscription._revision.return_url)
      : null;
    try {
      approveRevision(pp, merchant, subscription);
    } catch (err) {
      if (err instanceof PayPalApiError) return send(res, 409, page());
      throw err;
    }
    return back ? redirect(res, back) : send(res, 200, revisionPage(pp, subscription, undefined));
  }

  bound.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, { name: "INTERNAL_SERVER_ERROR", message: `Sandbox error: ${err.message}` });
      else res.end();
    });
  });

  return {
    url: baseUrl,
    store,
    events,
    /** Resolves once no webhook delivery is in flight or waiting for a retry. */
    idle: () => events.idle(),
    get busy() {
      return events.busy;
    },
    async stop() {
      events.stop();
      store.flush();
      await closeServer(bound.server);
    },
  };
}

const missing = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>Not found</title><p style="font-family:system-ui;padding:2rem">${text}</p>`;

export type PayPalSandbox = Awaited<ReturnType<typeof startPayPalSandbox>>;
