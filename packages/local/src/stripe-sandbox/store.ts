import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The sandbox's state: one account per API key (any well-formed key names its own account,
 * so `sk_test_abc…` and `pk_test_abc…` are the same test-mode account). Objects live inside
 * their account; a request only ever sees its own account's objects, like real Stripe.
 */
// Stripe objects are loose JSON of many shapes; the sandbox reads and writes their fields freely.
export type StripeObject = Record<string, any> & { id: string; object: string };

export interface DeliveryAttempt {
  at: string;
  status: number | null;
  error?: string;
}
export interface Delivery {
  endpoint_id: string;
  url: string;
  state: "pending" | "succeeded" | "failed";
  attempts: DeliveryAttempt[];
}
export interface EventRecord {
  event: StripeObject;
  deliveries: Delivery[];
}

export interface Account {
  id: string;
  livemode: boolean;
  /** id -> object, for every object type (cs_, sub_, cus_, pi_, ch_, re_, in_, price_, prod_, we_). */
  objects: Record<string, StripeObject>;
  events: EventRecord[];
  /** Restricted keys made for this account (./restricted.ts). */
  restricted_keys?: import("./restricted").RestrictedKey[];
}

export interface ParsedKey {
  kind: "secret" | "publishable" | "restricted";
  livemode: boolean;
  accountId: string;
}

/** sk_test_…, pk_live_…, rk_test_… with at least 8 characters after the mode. */
const KEY = /^(sk|pk|rk)_(test|live)_([A-Za-z0-9_]{8,})$/;

export function parseKey(key: string): ParsedKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const livemode = m[2] === "live";
  const accountId = `acct_${createHash("sha256").update(`${m[2]}:${m[3]}`).digest("hex").slice(0, 16)}`;
  return { kind: m[1] === "sk" ? "secret" : m[1] === "pk" ? "publishable" : "restricted", livemode, accountId };
}

/** Stripe's own masking in "Invalid API Key provided: sk_test_****1234". */
export function maskForError(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? "";
  const rest = key.slice(prefix.length);
  return `${prefix}${"*".repeat(Math.max(4, rest.length - 4))}${rest.slice(-4)}`;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What the state file holds (before the billing clock existed it was the bare account list). */
interface Saved {
  accounts: Account[];
  clock_offset: number;
}

export class SandboxStore {
  accounts = new Map<string, Account>();
  /**
   * How far the sandbox's billing clock is ahead of the wall clock, in seconds (./clock.ts):
   * like a Stripe test clock that every customer is attached to. Subscriptions, invoices and
   * events follow it; Checkout Sessions and webhook signatures keep the wall clock, as at Stripe.
   */
  clockOffset = 0;
  private saveTimer: NodeJS.Timeout | undefined;

  /** stateFile: where `npm start` keeps sandbox data so it survives a restart (like the DB). */
  constructor(private readonly stateFile?: string) {
    if (stateFile && existsSync(stateFile)) {
      try {
        const saved = JSON.parse(readFileSync(stateFile, "utf8")) as Account[] | Saved;
        const accounts = Array.isArray(saved) ? saved : saved.accounts;
        if (!Array.isArray(saved)) this.clockOffset = saved.clock_offset ?? 0;
        for (const a of accounts) this.accounts.set(a.id, a);
      } catch {
        // A corrupt state file only loses sandbox history; start clean rather than refuse to run.
      }
    }
  }

  /** The billing clock's time (unix seconds): the wall clock plus how far it was advanced. */
  billingNow(): number {
    return nowSeconds() + this.clockOffset;
  }

  account(key: ParsedKey): Account {
    let acct = this.accounts.get(key.accountId);
    if (!acct) {
      acct = { id: key.accountId, livemode: key.livemode, objects: {}, events: [] };
      this.accounts.set(acct.id, acct);
    }
    return acct;
  }

  /** Finds an object in any account: for the hosted page and sandbox helpers, which have no key. */
  find(id: string): { account: Account; object: StripeObject } | undefined {
    for (const account of this.accounts.values()) {
      const object = account.objects[id];
      if (object) return { account, object };
    }
    return undefined;
  }

  put(account: Account, object: StripeObject): StripeObject {
    account.objects[object.id] = object;
    this.changed();
    return object;
  }

  ofType(account: Account, type: string): StripeObject[] {
    return Object.values(account.objects)
      .filter((o) => o.object === type)
      .sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
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
    const saved: Saved = { accounts: [...this.accounts.values()], clock_offset: this.clockOffset };
    writeFileSync(this.stateFile, JSON.stringify(saved));
  }
}
