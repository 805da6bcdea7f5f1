import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The PayPal sandbox's state. Every client id/secret pair is its own merchant (like a REST app
 * in PayPal's developer dashboard), so two sellers never see each other's orders, captures or
 * webhooks. Objects keep PayPal's shapes; fields starting with "_" are the sandbox's own and
 * are stripped from answers.
 */
// PayPal objects are loose JSON of many shapes; the sandbox reads and writes their fields freely.
export type Json = Record<string, any>;
export type PayPalObject = Json & { id: string };

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
  /** The PAYPAL-* headers this transmission carried (none of them is a secret). */
  headers?: Record<string, string>;
}
export interface Delivery {
  webhook_id: string;
  url: string;
  state: "pending" | "succeeded" | "failed";
  attempts: DeliveryAttempt[];
}
export interface EventRecord {
  event: PayPalObject;
  deliveries: Delivery[];
}

export interface Merchant {
  /** Derived from the credential pair; internal. */
  key: string;
  /** PayPal's 13-character merchant (payer) id. */
  merchant_id: string;
  client_id: string;
  email: string;
  orders: Record<string, PayPalObject>;
  captures: Record<string, PayPalObject>;
  refunds: Record<string, PayPalObject>;
  webhooks: Record<string, PayPalObject>;
  /** Catalog products, billing plans, subscriptions and their sales (Subscriptions API v1). */
  products: Record<string, PayPalObject>;
  plans: Record<string, PayPalObject>;
  subscriptions: Record<string, PayPalObject>;
  sales: Record<string, PayPalObject>;
  events: EventRecord[];
  /** PayPal-Request-Id replays: "<method> <path> <id>" -> the first answer. */
  replays: Record<string, { status: number; body: unknown }>;
}

interface Saved {
  clock_offset?: number;
  merchants: Merchant[];
  tokens: Record<string, { merchant: string; expires: number }>;
}

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** PayPal ids are upper-case alphanumerics (orders 17, captures 17, webhooks 17+). */
export function paypalId(length = 17, prefix = ""): string {
  let out = "";
  for (const b of randomBytes(length)) out += UPPER[b % UPPER.length];
  return `${prefix}${out}`;
}

export const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** Token lifetime PayPal answers for client-credentials tokens (9 hours). */
export const TOKEN_SECONDS = 32_400;

export class PayPalStore {
  merchants = new Map<string, Merchant>();
  tokens = new Map<string, { merchant: string; expires: number }>();
  /** Seconds the sandbox clock is ahead of the wall clock (POST /__sandbox/clock/advance). */
  clockOffset = 0;
  private saveTimer: NodeJS.Timeout | undefined;

  /** stateFile: where `npm start` keeps sandbox data so it survives a restart (like the DB). */
  constructor(private readonly stateFile?: string) {
    if (!stateFile || !existsSync(stateFile)) return;
    try {
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as Saved;
      for (const m of saved.merchants) this.merchants.set(m.key, { ...billingParts(), ...m });
      this.clockOffset = saved.clock_offset ?? 0;
      for (const [t, v] of Object.entries(saved.tokens)) this.tokens.set(t, v);
    } catch {
      // A corrupt state file only loses sandbox history; start clean rather than refuse to run.
    }
  }

  /** The merchant a credential pair names, created on first use. */
  merchant(clientId: string, secret: string): Merchant {
    const key = createHash("sha256").update(`${clientId}\u0000${secret}`).digest("hex").slice(0, 24);
    let m = this.merchants.get(key);
    if (!m) {
      m = {
        key,
        merchant_id: paypalId(13),
        client_id: clientId,
        email: `merchant-${key.slice(0, 8)}@business.example.com`,
        orders: {},
        captures: {},
        refunds: {},
        webhooks: {},
        ...billingParts(),
        events: [],
        replays: {},
      };
      this.merchants.set(key, m);
      this.changed();
    }
    return m;
  }

  issueToken(m: Merchant): { token: string; expiresIn: number } {
    const token = `A21AA${randomBytes(36).toString("base64url")}`;
    this.tokens.set(token, { merchant: m.key, expires: Date.now() + TOKEN_SECONDS * 1000 });
    this.changed();
    return { token, expiresIn: TOKEN_SECONDS };
  }

  byToken(token: string): Merchant | undefined {
    const t = this.tokens.get(token);
    if (!t || t.expires < Date.now()) return undefined;
    return this.merchants.get(t.merchant);
  }

  /** Finds an order (or capture) in any merchant: for the approve page and helpers, which have no token. */
  findOrder(id: string) {
    for (const m of this.merchants.values()) if (m.orders[id]) return { merchant: m, order: m.orders[id]! };
    return undefined;
  }
  findCapture(id: string) {
    for (const m of this.merchants.values()) if (m.captures[id]) return { merchant: m, capture: m.captures[id]! };
    return undefined;
  }

  findSubscription(id: string) {
    for (const m of this.merchants.values())
      if (m.subscriptions[id]) return { merchant: m, subscription: m.subscriptions[id]! };
    return undefined;
  }

  /** The billing clock (Unix seconds): the wall clock plus what the sandbox clock was advanced. */
  billingNow(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }
  billingIso(at = this.billingNow()): string {
    return new Date(at * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  /** Debounced write of the whole state; sandbox data is small. */
  changed() {
    if (!this.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 200);
    this.saveTimer.unref();
  }

  flush() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const saved: Saved = {
      clock_offset: this.clockOffset,
      merchants: [...this.merchants.values()],
      tokens: Object.fromEntries(this.tokens),
    };
    writeFileSync(this.stateFile, JSON.stringify(saved));
  }
}

const billingParts = () => ({ products: {}, plans: {}, subscriptions: {}, sales: {} });

/** The API shape of an object: the sandbox's private "_" fields dropped. */
export const present = (o: PayPalObject): PayPalObject =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith("_"))) as PayPalObject;
