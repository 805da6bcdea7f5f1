import type { IncomingMessage, ServerResponse } from "node:http";
import { portalPage } from "./portal";
import { bindServer, closeServer, type BoundServer } from "../ports";
import { handleApi, createEndpoint } from "./api";
import { completeSession } from "./checkout";
import { addressFromPage } from "./tax";
import { EventBus, type EventsOptions } from "./events";
import { StripeApiError } from "./errors";
import { parseForm, str } from "./form";
import { pageTexts } from "./locale";
import { checkoutPage, completedPage, eventsPage, successUrl } from "./pages";
import { createRefund } from "./refunds";
import { SandboxStore, parseKey, type StripeObject } from "./store";
import { failPayment } from "./subscriptions";
import { cardDigits, DECLINED_CARDS, FAILS_LATER } from "./cards";
import { advanceClock } from "./clock";
import { createDispute } from "./disputes";
import { createRestrictedKey } from "./restricted";
import { restrictedKeyPage } from "./restricted-page";
import type { Sandbox } from "./context";

export { signatureHeader } from "./events";

/**
 * The local payments sandbox: a stand-in for api.stripe.com that the real `stripe` SDK talks
 * to through its host/port/protocol options. It implements the v1 endpoints the product
 * uses, a hosted checkout page at each session's `url`, signed webhook delivery with
 * retries, an events page, and two helpers Stripe's dashboard would otherwise provide
 * (refund a payment, dispute a charge, fail a subscription's renewal).
 */
export interface SandboxOptions extends EventsOptions {
  /** The port (0: one the OS picks), or a server the caller has bound already. */
  port: number | BoundServer;
  /** Keeps sandbox data across restarts (npm start); tests keep it in memory. */
  stateFile?: string;
  /** Told the clock's new time (Unix seconds) after each advance (the local stack's scheduled jobs follow it). */
  onClockAdvanced?: (now: number) => void;
}

/** Cards that decline, like Stripe's test cards. */

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const isHtml = typeof body === "string";
  res.writeHead(status, {
    "content-type": isHtml ? "text/html; charset=utf-8" : "application/json",
    "request-id": `req_sandbox`,
    ...headers,
  });
  res.end(isHtml ? body : JSON.stringify(body, null, 2));
}

export async function startStripeSandbox(opts: SandboxOptions) {
  const store = new SandboxStore(opts.stateFile);
  const events = new EventBus(store, opts);
  const bound = typeof opts.port === "number" ? await bindServer(opts.port, "the local payments sandbox") : opts.port;
  const baseUrl = bound.url;
  const sb: Sandbox = { store, events, baseUrl };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", baseUrl);
    const path = url.pathname;
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    // HTML forms on the sandbox's own pages post url-encoded bodies too, so one parser serves both.
    const body = (req.headers["content-type"] ?? "").includes("json") ? JSON.parse(raw || "{}") : parseForm(raw);

    if (path.startsWith("/v1/")) {
      const answer = handleApi(sb, {
        method,
        path,
        query: parseForm(url.search.slice(1)),
        body,
        rawBody: raw,
        headers: req.headers as Record<string, string>,
      });
      return send(res, answer.status, answer.body, answer.headers);
    }
    const portal = /^\/p\/session\/([^/]+)$/.exec(path);
    if (portal) {
      const answer = portalPage(sb, method, decodeURIComponent(portal[1]!), body);
      if (answer.location) return void res.writeHead(303, { location: answer.location }).end();
      return send(res, answer.status, answer.html);
    }
    const pay = /^\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const found = store.find(decodeURIComponent(pay[1]!));
      if (!found || found.object.object !== "checkout.session") return send(res, 404, checkoutMissing());
      const session = found.object;
      const t = pageTexts(session.locale, req.headers["accept-language"]);
      if (method === "GET") return send(res, 200, checkoutPage(session, t));
      const email = (str(body.email) ?? session.customer_email ?? "").trim().toLowerCase();
      // The cardholder's name, as Stripe reports it in customer_details.name (blank: null).
      const name = (str(body.name) ?? "").trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        return send(res, 400, checkoutPage(session, t, { error: t.invalidEmail, email, name }));
      const card = cardDigits(str(body.card));
      // 4000 0000 0000 0341 attaches, then every charge fails: today's, unless a trial defers it.
      const chargedNow = session.mode === "payment" || !session._subscription_data?.trial_period_days;
      if (DECLINED_CARDS.has(card) || (card === FAILS_LATER && chargedNow)) {
        return send(res, 402, checkoutPage(session, t, { error: t.declined, email, name, form: body }));
      }
      try {
        completeSession(sb, found.account, session, email, addressFromPage(session, body), name || null, card);
      } catch (err) {
        if (err instanceof StripeApiError)
          return send(res, 400, checkoutPage(session, t, { error: err.message, email, name, form: body }));
        throw err;
      }
      if (!session.success_url) return send(res, 200, completedPage(session));
      res.writeHead(303, { location: successUrl(session) });
      return res.end();
    }
    if (method === "GET" && (path === "/" || path === "/events"))
      return send(res, 200, eventsPage([...store.accounts.values()]));
    if (method === "GET" && path === "/events.json") {
      return send(
        res,
        200,
        [...store.accounts.values()].flatMap((a) => a.events.map((r) => ({ account: a.id, ...r }))),
      );
    }
    // Helpers without a key: the sandbox finds the object's account itself.
    const fromPage = (req.headers.accept ?? "").includes("text/html");
    const helper = (run: () => StripeObject) => {
      try {
        const result = run();
        if (fromPage) {
          res.writeHead(303, { location: "/events" });
          return res.end();
        }
        return send(res, 200, result);
      } catch (err) {
        if (err instanceof StripeApiError) return send(res, err.status, err.body());
        throw err;
      }
    };
    if (method === "POST" && path === "/__sandbox/refunds") {
      const target = str(body.payment_intent) ?? str(body.charge) ?? "";
      const found = store.find(target);
      if (!found)
        return send(res, 404, { error: { type: "invalid_request_error", message: `No such payment: '${target}'` } });
      return helper(() => createRefund(sb, found.account, body));
    }
    if (method === "POST" && path === "/__sandbox/disputes") {
      const target = str(body.payment_intent) ?? str(body.charge) ?? "";
      const found = store.find(target);
      if (!found)
        return send(res, 404, { error: { type: "invalid_request_error", message: `No such payment: '${target}'` } });
      return helper(() => createDispute(sb, found.account, body));
    }
    if (path === "/restricted-keys" && method === "GET") return send(res, 200, restrictedKeyPage());
    if (method === "POST" && path === "/__sandbox/restricted_keys") {
      try {
        const made = createRestrictedKey(store, body);
        return send(res, 200, fromPage ? restrictedKeyPage({ made }) : made);
      } catch (err) {
        if (!(err instanceof StripeApiError)) throw err;
        if (fromPage)
          return send(res, err.status, restrictedKeyPage({ error: err.message, secretKey: str(body.secret_key) }));
        return send(res, err.status, err.body());
      }
    }
    if (method === "POST" && path === "/__sandbox/clock/advance") {
      const seconds = typeof body.seconds === "number" ? body.seconds : Number(str(body.seconds));
      if (!Number.isInteger(seconds) || seconds < 0 || seconds > 5 * 366 * 86400)
        return send(res, 400, {
          error: { type: "invalid_request_error", message: "seconds must be a whole number from 0 to 5 years." },
        });
      const moved = advanceClock(sb, seconds);
      opts.onClockAdvanced?.(moved.now);
      return send(res, 200, moved);
    }
    const fail = /^\/__sandbox\/subscriptions\/([^/]+)\/fail_payment$/.exec(path);
    if (method === "POST" && fail) {
      const found = store.find(decodeURIComponent(fail[1]!));
      if (!found || found.object.object !== "subscription")
        return send(res, 404, { error: { type: "invalid_request_error", message: "No such subscription" } });
      return helper(() => failPayment(sb, found.account, found.object, str(body.final) === "true"));
    }
    send(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  bound.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: `Sandbox error: ${err.message}` } });
      else res.end();
    });
  });

  return {
    url: baseUrl,
    store,
    events,
    /**
     * Registers (or re-points) a webhook endpoint with a signing secret chosen by the caller:
     * the local stack does this for the platform account, so the app can be given the secret
     * before it starts.
     */
    ensureEndpoint(secretKey: string, endpointUrl: string, secret: string, enabledEvents: string[] = ["*"]) {
      const key = parseKey(secretKey);
      if (!key) throw new Error(`Not a well-formed Stripe key: ${secretKey.slice(0, 8)}…`);
      const account = store.account(key);
      for (const e of store.ofType(account, "webhook_endpoint")) if (e.url === endpointUrl) e.status = "deleted";
      return createEndpoint(sb, account, { url: endpointUrl, enabled_events: enabledEvents }, secret);
    },
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

function checkoutMissing() {
  return `<!doctype html><meta charset="utf-8"><title>Not found</title><p style="font-family:system-ui;padding:2rem">This checkout session does not exist.</p>`;
}

export type StripeSandbox = Awaited<ReturnType<typeof startStripeSandbox>>;
