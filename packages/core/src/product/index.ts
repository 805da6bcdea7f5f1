import { AGAIN, retry } from "../retry";
import { randomUUID } from "node:crypto";
import { ProductEntity, UserEntity } from "../db/entities";
import { AppError, ConflictError, ForbiddenError } from "../errors";
import { productLimitFor } from "../plan/limits";
import { Setting } from "../setting/index";
import {
  ApiCreateProductInput,
  ApiUpdateProductInput,
  CreateProductInput,
  SetActiveInput,
  UpdateProductInput,
  validate,
} from "./input";
import { editProduct } from "./edit";
import { contentFor, type HostedFiles } from "./content";
import { productCreatorOf, productForCheckout, productPublicView } from "./public";
import { activeLimit, activeLimitMessage } from "./active-limit";
import { transact } from "./store";
import { checkBundleItems } from "./bundle";
import { checkOrderBump } from "./order-bump";
import { withFigures } from "./figures";
import { ProductInfo } from "./info";
import { getProduct as get, ownedProduct as owned, productNotFound, serializeProduct as serialize } from "./view";

/**
 * A creator's products. Every write that changes how many products or
 * active products exist updates the owner's product_count and the counters in the SAME
 * transaction, so dashboards read one item and the plan limit can never be overshot.
 */
export namespace Product {
  export const Info = ProductInfo;
  export type Info = ProductInfo;
  export const notFound = productNotFound;
  export const limitMessage = (limit: number) =>
    `You've reached your plan limit of ${limit} product(s). Please upgrade your plan to add more products.`;

  // The buyer's side (sales page, checkout, page views) lives in public.ts.
  export const publicView = productPublicView;
  export const forCheckout = productForCheckout;
  export const creatorOf = productCreatorOf;

  /*
   * Counters are bumped with update().add(), NOT upsert().add(): ElectroDB's upsert also SETs
   * every attribute that has a default (sales: 0, products: 0, ...), which would zero the
   * other running totals of the same item on each write. UpdateItem creates a missing item.
   */
  const counterScopes = (creatorId: string) => [`creator#${creatorId}`, "platform"];

  /**
   * POST /api/products, price in dollars as typed (rule: Cents and server prices), and POST /api/v1/products,
   * price in cents: the same fields, rules and plan limit either way; stored in cents. An
   * uploaded file (content_file) needs `files`, the bucket's operations, from the caller.
   */
  export async function create(
    creatorId: string,
    input: unknown,
    opts: { price: "dollars" | "cents"; files?: HostedFiles } = { price: "dollars" },
  ): Promise<Info> {
    const { content_url, content_file, type, bundle_product_ids, ...data } = validate(
      opts.price === "cents" ? ApiCreateProductInput : CreateProductInput,
      input,
    );
    const user = (await UserEntity.get({ id: creatorId }).go()).data;
    if (!user) throw new ForbiddenError("Please finish setting up your account before adding products.");
    const content = await contentFor(creatorId, { content_url, content_file }, opts.files);
    // A standard product stores no type (absent reads as standard: products from before bundles).
    if (type === "bundle") await checkBundleItems(creatorId, null, bundle_product_ids, data.currency);
    const kind = type === "bundle" ? { type, bundle_product_ids } : {};
    await checkOrderBump(creatorId, undefined, data);
    const { order_bump, ...fields } = data;
    const limit = productLimitFor(user);
    const approved = await Setting.bool("auto_approve_products");
    const id = randomUUID();

    const codes = await transact(({ product, user: users, counter }) => [
      product
        .create({
          id,
          creator_id: creatorId,
          ...fields,
          ...(order_bump ? { order_bump } : {}),
          ...content,
          ...kind,
          is_active: true,
          moderation_status: approved ? "approved" : "pending",
        })
        .commit(),
      // The limit is a condition on the owner's count, checked atomically (rule: Plan limits).
      limit === null
        ? users.patch({ id: creatorId }).add({ product_count: 1 }).commit()
        : users
            .patch({ id: creatorId })
            .add({ product_count: 1 })
            .where((a, op) => op.lt(a.product_count, limit))
            .commit(),
      ...counterScopes(creatorId).map((scope) =>
        counter.update({ scope }).add({ products: 1, active_products: 1 }).commit(),
      ),
    ]);
    if (codes) {
      if (codes[1] === "ConditionalCheckFailed" && limit !== null) {
        throw new AppError("plan.limit_reached", limitMessage(limit), 403, { limit });
      }
      throw new AppError("product.create_failed", "Failed to create product. Please try again.", 503);
    }
    // Kept (out of the abandoned-upload clean-up) only once the product exists.
    if ("content_file" in content) await opts.files?.keep(content.content_file);
    const created = await get(id);
    return serialize(created!, { owner: true });
  }

  /** GET /api/products: the caller's own products, newest first (one Query). */
  export async function list(creatorId: string): Promise<Info[]> {
    const res = await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", pages: "all" });
    return (await withFigures(res.data)).map((p) => serialize(p, { owner: true }));
  }

  /** GET /api/v1/products?cursor=&limit=: one page of the caller's products, newest first. */
  export async function page(creatorId: string, cursor: string | null, limit: number) {
    const res = await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", cursor, limit });
    const products = (await withFigures(res.data)).map((p) => serialize(p, { owner: true }));
    return { products, nextCursor: res.cursor ?? null };
  }

  /** GET /api/v1/products/{id}: one of the caller's own products. */
  export const ownedView = async (creatorId: string, id: string) =>
    serialize((await withFigures([await owned(creatorId, id)]))[0]!, { owner: true });

  /**
   * PUT /api/products/{id} (the dialog: price as typed, an uploaded file through `files`) and
   * PATCH /api/v1/products/{id} (price in cents): any subset of the create fields, checked by
   * the create rules on the product they leave (./edit.ts); is_active goes through setActive,
   * which moves the counters. `{is_active}` alone is Activate / Deactivate.
   */
  export async function update(
    creatorId: string,
    id: string,
    input: unknown,
    opts: { price: "dollars" | "cents"; files?: HostedFiles } = { price: "dollars" },
  ): Promise<Info> {
    const { is_active, ...sent } = validate(opts.price === "cents" ? ApiUpdateProductInput : UpdateProductInput, input);
    if (Object.keys(sent).length) await editProduct(creatorId, id, sent, opts);
    if (is_active !== undefined) return setActive(creatorId, id, { is_active });
    return ownedView(creatorId, id);
  }

  /** PUT /api/products/{id} {is_active}: Activate / Deactivate. */
  export async function setActive(creatorId: string, id: string, input: unknown): Promise<Info> {
    const { is_active } = validate(SetActiveInput, input);
    return retry(
      async () => {
        const p = await owned(creatorId, id);
        if (p.is_active === is_active) return serialize(p, { owner: true });
        const delta = is_active ? 1 : -1;
        // Switching on counts against the plan (products switched off when a plan ended stay off).
        const limit = is_active ? await activeLimit(creatorId) : null;
        const codes = await transact(({ product, counter }) => [
          // Conditional on the state we read, so a concurrent toggle cannot count twice.
          product
            .patch({ id })
            .set({ is_active })
            .where((a, op) => `${op.eq(a.is_active, p.is_active)} AND ${op.eq(a.creator_id, creatorId)}`)
            .commit(),
          // Within the plan's limit (switching off, or no limit: always true).
          counter
            .update({ scope: `creator#${creatorId}` })
            .add({ active_products: delta })
            .where((a, op) => `${op.notExists(a.active_products)} OR ${op.lt(a.active_products, limit ?? 2 ** 31)}`)
            .commit(),
          counter.update({ scope: "platform" }).add({ active_products: delta }).commit(),
        ]);
        if (codes?.[1] === "ConditionalCheckFailed" && limit !== null) {
          throw new AppError("plan.limit_reached", activeLimitMessage(limit), 403, { limit });
        }
        return codes ? AGAIN : serialize({ ...p, is_active }, { owner: true });
      },
      {
        attempts: 5,
        exhausted: () => new AppError("product.update_failed", "Failed to update the product. Please try again.", 503),
      },
    );
  }

  /** DELETE /api/products/{id}. Purchases keep their own snapshots of name and content. */
  /** A product with members is not deleted: they keep what they pay for (rule: Paid means delivered). */
  const hasMembers = (n: number) =>
    new ConflictError(
      "product.has_members",
      `This product has ${n === 1 ? "1 member" : `${n} members`}. Deleting it cancels every membership at the end of the period paid for (members keep access until then): confirm with cancel_memberships=true, or cancel them in Dashboard → Members first.`,
    );

  /**
   * `canceled`: how many running memberships the caller has set to end at their period's end
   * (membership/product-delete.ts); the product is deleted only while it has exactly those.
   */
  export async function remove(creatorId: string, id: string, canceled = 0): Promise<void> {
    const p = await owned(creatorId, id);
    const members = p.member_count ?? 0;
    if (members > 0 && members !== canceled) throw hasMembers(members);
    const codes = await transact(({ product, user, counter }) => [
      product
        .delete({ id })
        // A membership recorded (or ended) meanwhile changes member_count: the condition sees it.
        .where(
          (a, op) =>
            `${op.eq(a.creator_id, creatorId)} AND (${op.notExists(a.member_count)} OR ${op.eq(a.member_count, members)})`,
        )
        .commit(),
      user.patch({ id: creatorId }).add({ product_count: -1 }).commit(),
      ...counterScopes(creatorId).map((scope) =>
        counter
          .update({ scope })
          .add({ products: -1, active_products: p.is_active ? -1 : 0 })
          .commit(),
      ),
    ]);
    // The product's own condition failing means someone deleted it first, or a member arrived.
    if (codes?.[0] === "ConditionalCheckFailed") {
      const now = await get(id);
      throw now ? hasMembers(Math.max(now.member_count ?? 1, 1)) : notFound();
    }
    if (codes) throw new AppError("product.delete_failed", "Failed to delete the product. Please try again.", 503);
  }
}
