import { currencyOf, type Currency } from "../currency/index";
import { CounterEntity, ProductEntity, UserEntity, type ProductItem } from "../db/entities";
import { ValidationError } from "../errors";
import { pageInput, withCursor } from "../admin/page";
import { withFigures } from "../product/figures";

/**
 * Admin "Product Moderation" (rule: Product approval). The status decides whether a
 * product can be bought: the selling module refuses checkout and shows the sales page as
 * unavailable for anything not `approved`.
 */
export namespace Moderation {
  export const STATUSES = ["pending", "under_review", "approved", "rejected"] as const;
  export type Status = (typeof STATUSES)[number];

  export interface AdminProduct {
    id: string;
    name: string;
    headline: string;
    description: string;
    /** minor units of `currency`, like total_revenue */
    price: number;
    currency: Currency;
    /** The price is the minimum a buyer pays (shown with a "+", like everywhere else). */
    pay_what_you_want: boolean;
    media_type: string;
    media_url: string;
    is_active: boolean;
    sales_count: number;
    total_revenue: number;
    creator_id: string;
    creator_name: string;
    creator_email: string;
    moderation_status: Status;
    moderation_notes: string;
    moderated_by: string | null;
    moderated_by_name: string | null;
    moderated_at: string | null;
    created_at: string;
  }

  /** Names and e-mails of the people a page of products mentions (creators, reviewers). */
  export async function people(ids: string[]) {
    const unique = [...new Set(ids.filter(Boolean))];
    if (!unique.length) return new Map<string, { name: string; email: string }>();
    const res = await UserEntity.get(unique.map((id) => ({ id }))).go();
    return new Map(res.data.map((u) => [u.id, { name: u.name || u.email, email: u.email }]));
  }

  export function serialize(p: ProductItem, who: Map<string, { name: string; email: string }>): AdminProduct {
    const creator = who.get(p.creator_id);
    return {
      id: p.id,
      name: p.name,
      headline: p.headline ?? "",
      description: p.description ?? "",
      price: p.price,
      currency: currencyOf(p.currency),
      pay_what_you_want: !!p.pay_what_you_want,
      media_type: p.media_type,
      media_url: p.media_url ?? "",
      is_active: p.is_active,
      sales_count: p.sales_count,
      total_revenue: p.total_revenue,
      creator_id: p.creator_id,
      // A deleted creator keeps their products listed (inactive) for the record.
      creator_name: creator?.name ?? "Deleted user",
      creator_email: creator?.email ?? "",
      moderation_status: p.moderation_status,
      moderation_notes: p.moderation_notes ?? "",
      moderated_by: p.moderated_by ?? null,
      moderated_by_name: p.moderated_by ? (who.get(p.moderated_by)?.name ?? null) : null,
      moderated_at: p.moderated_at ?? null,
      created_at: p.created_at,
    };
  }

  /**
   * Products per status. The total comes from the platform counter; the review states are
   * counted from their index partitions (normally a handful of products) and approved is
   * the rest, so the count never reads the big approved partition.
   */
  export async function counts(): Promise<Record<Status | "all", number>> {
    const [counter, ...open] = await Promise.all([
      CounterEntity.get({ scope: "platform" }).go(),
      ...(["pending", "under_review", "rejected"] as const).map((s) =>
        ProductEntity.query.byStatus({ moderation_status: s }).go({ pages: "all", attributes: ["id"] }),
      ),
    ]);
    const [pending, under_review, rejected] = open.map((r) => r.data.length) as [number, number, number];
    const all = Math.max(counter.data?.products ?? 0, pending + under_review + rejected);
    return { all, pending, under_review, approved: all - pending - under_review - rejected, rejected };
  }

  /** GET /api/admin/products?status=&cursor=: newest first, all or one status. */
  export async function list(query: unknown) {
    const { limit, cursor, status } = pageInput(query);
    if (status && status !== "all" && !(STATUSES as readonly string[]).includes(status)) {
      throw new ValidationError("status must be all, pending, under_review, approved or rejected.");
    }
    const res = await withCursor(cursor, () =>
      status && status !== "all"
        ? ProductEntity.query.byStatus({ moderation_status: status as Status }).go({ order: "desc", cursor, limit })
        : ProductEntity.query.all({}).go({ order: "desc", cursor, limit }),
    );
    const who = await people(res.data.flatMap((p) => [p.creator_id, p.moderated_by ?? ""]));
    const products = (await withFigures(res.data)).map((p) => serialize(p, who));
    return { products, counts: await counts(), nextCursor: res.cursor ?? null };
  }
}
