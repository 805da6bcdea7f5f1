import { hasUnsafeCharacters, parseInput, unsafeNameMessage } from "../validation";
import { spentByCurrency, type Currency } from "../currency/index";
import * as z from "zod/mini";
import { preprocess } from "../zod";
import { CustomerEntity } from "../db/entities";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { isDynamoValidation } from "../db/errors";
import { Access } from "../access/index";
import { PurchaseShape } from "../purchase/shapes";
import { buyerHasPurchases, purchaseById, purchasesOfBuyer, recordOpening, salesOfCreator } from "../purchase/records";
import { User } from "../user/index";

/**
 * Sales seen from both sides: a creator's sales history and customers (the creator's
 * Settings), and a buyer's own purchases in the customer portal.
 * Every read is a Query on a key that belongs to the caller (creator id or buyer e-mail),
 * so one person can never page into another's records; lists are cursor-paginated.
 */
export namespace Sales {
  export const DEFAULT_PAGE = 25;
  export const MAX_PAGE = 100;

  // "?cursor=&limit=" (empty values) means the first page with the default size.
  const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

  export const PageInput = z.object({
    cursor: preprocess(blankToUndefined, z.optional(z.string())),
    limit: preprocess(
      blankToUndefined,
      z.optional(
        z.coerce
          .number({ message: "limit must be a number between 1 and 100." })
          .check(
            z.int("limit must be a whole number between 1 and 100."),
            z.minimum(1, "limit must be a number between 1 and 100."),
            z.maximum(MAX_PAGE, "limit must be a number between 1 and 100."),
          ),
      ),
    ),
  });
  export type PageInput = z.infer<typeof PageInput>;

  /** A sale in GET /api/sales-history (purchase/shapes.ts). */
  export type Sale = PurchaseShape.SellerSale;

  export interface Customer {
    email: string;
    total_purchases: number;
    /** USD cents only (sales in other currencies are not added to it). */
    total_spent: number;
    /** {usd: 2500, eur: 950}: what they spent in each currency, in its minor units. */
    spent_by_currency: Partial<Record<Currency, number>>;
    last_purchase_at: string | null;
    products: string[];
  }

  export interface Purchase {
    id: string;
    product_id: string;
    product_name: string;
    description: string;
    creator_name: string;
    /** minor units of `currency` */
    amount: number;
    currency: string;
    created_at: string;
    access_count: number;
    last_accessed_at: string | null;
    /** The purchase's access link (rule: Access links); null once refunded or disputed: no longer delivered. */
    access_url: string | null;
    /** The purchase's licence key when its product is sold with keys (null otherwise). */
    license_key: string | null;
    /** A bundle's items, each with its own access link and licence key ([] for a single product). */
    bundle_items: Access.DeliveredItem[];
    status: "completed" | "refunded" | "disputed";
  }

  type PurchaseItem = NonNullable<Awaited<ReturnType<typeof purchaseById>>>;

  const REFUNDED = "This purchase was refunded, so its content is no longer available.";
  const DISPUTED = "This purchase's payment was disputed, so its content is no longer available.";
  const revoked = (status: string) =>
    status === "disputed"
      ? new ForbiddenError(DISPUTED, "purchase.disputed")
      : new ForbiddenError(REFUNDED, "purchase.refunded");
  const NOT_FOUND = "Purchase not found.";

  /** A creator's sales, newest first. */
  export async function history(creatorId: string, page: PageInput = {}) {
    const { cursor, limit } = PageInput.parse(page);
    const res = await withCursor(() =>
      salesOfCreator(creatorId, { cursor: cursor ?? null, limit: limit ?? DEFAULT_PAGE }),
    );
    return { sales: res.data.map(PurchaseShape.sellerSale), nextCursor: res.cursor };
  }

  /** A creator's customers (aggregated at purchase time), in e-mail order. */
  export async function customers(creatorId: string, page: PageInput = {}) {
    const { cursor, limit } = PageInput.parse(page);
    const res = await withCursor(() =>
      CustomerEntity.query
        .primary({ creator_id: creatorId })
        .go({ cursor: cursor ?? null, limit: limit ?? DEFAULT_PAGE }),
    );
    const list: Customer[] = res.data.map((c) => ({
      email: c.email,
      total_purchases: c.total_purchases ?? 0,
      total_spent: c.total_spent ?? 0,
      spent_by_currency: spentByCurrency(c),
      last_purchase_at: c.last_purchase_at ?? null,
      products: [...(c.products ?? [])].sort(),
    }));
    return { customers: list, nextCursor: res.cursor ?? null };
  }

  /**
   * The caller's own purchases, newest first. Buyer e-mails are stored lower-cased; a
   * mixed-case sign-in e-mail is looked up both ways so no purchase goes missing.
   */
  export async function purchasesOf(email: string): Promise<Purchase[]> {
    const keys = emailKeys(email);
    const pages = await Promise.all(keys.map(purchasesOfBuyer));
    return Promise.all(
      pages
        .flat()
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map(async (p) => toPurchase(p, await Access.linkFor(p))),
    );
  }

  /** Whether anyone bought with this e-mail (a first sign-in then lands in the customer portal). */
  export async function hasPurchases(email: string): Promise<boolean> {
    for (const customer_email of emailKeys(email)) if (await buyerHasPurchases(customer_email)) return true;
    return false;
  }

  export const TrackAccessInput = z.object({
    purchase_id: z
      .string({ message: "purchase_id is required." })
      .check(z.trim(), z.minLength(1, "purchase_id is required.")),
    access_type: z._default(z.literal("view", { message: "access_type must be 'view'." }), "view"),
  });

  /**
   * Records one opening of the content (access_count + 1, last_accessed_at) on the caller's
   * own purchase. Someone else's purchase answers 404 exactly like a missing one, so ids
   * cannot be probed; a refunded purchase is refused. The condition repeats both checks so
   * a refund landing between the read and the write cannot slip through.
   */
  export async function trackAccess(email: string, input: z.input<typeof TrackAccessInput>) {
    const { purchase_id } = TrackAccessInput.parse(input);
    const item = await purchaseById(purchase_id);
    if (!item || !emailKeys(email).includes(item.customer_email))
      throw new NotFoundError("purchase.not_found", NOT_FOUND);
    if (item.status !== "completed") throw revoked(item.status);
    const updated = await recordOpening(purchase_id, item.customer_email);
    if (updated) return { success: true, purchase: toPurchase(updated, await Access.linkFor(updated)) };
    const now = await purchaseById(purchase_id);
    throw revoked(now?.status ?? "refunded");
  }

  export const ProfileInput = z.object({
    name: z.string({ message: "Please enter your name." }).check(
      z.trim(),
      z.minLength(1, "Please enter your name."),
      z.maxLength(100, "Your name can be at most 100 characters."),
      z.refine((name) => !hasUnsafeCharacters(name), unsafeNameMessage("Your name")),
    ),
  });

  /** A customer renames themselves in Profile Settings; the trimmed name is stored. */
  export async function renameCustomer(userId: string, input: z.input<typeof ProfileInput>) {
    const { name } = parseInput(ProfileInput, input, { fallback: "Please enter your name." });
    const stored = await User.patchExisting(userId, { name });
    return { success: true, profile: { name: stored.name } };
  }

  /** A cursor that does not decode (edited or stale link) is the caller's to fix, not a 500. */
  export async function withCursor<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (/cursor|starting key|ExclusiveStartKey/i.test(String((err as Error)?.message)) || isDynamoValidation(err)) {
        throw new ValidationError(
          "This page of results is no longer valid. Reload the list to start again.",
          "page.invalid_cursor",
        );
      }
      throw err;
    }
  }

  function emailKeys(email: string) {
    return [...new Set([email.trim().toLowerCase(), email.trim()])];
  }

  function toPurchase(p: PurchaseItem, accessUrl: string): Purchase {
    return {
      id: p.id,
      product_id: p.product_id,
      product_name: p.product_name,
      description: p.product_description ?? "",
      creator_name: p.creator_name ?? "",
      amount: p.amount,
      currency: p.currency ?? "usd",
      created_at: p.created_at,
      access_count: p.access_count ?? 0,
      last_accessed_at: p.last_accessed_at ?? null,
      access_url: p.status === "completed" ? accessUrl : null,
      license_key: p.license_key ?? null,
      bundle_items: Access.deliveredItems(p),
      status: p.status,
    };
  }
}
