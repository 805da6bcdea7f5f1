import { parseInput } from "../validation";
import { z } from "zod";
import { CounterEntity, ProductEntity, UserEntity } from "../db/entities";
import { AppError, NotFoundError, ValidationError } from "../errors";
import { planOf } from "../plan/plans";
import { User, type UserItem } from "../user/index";
import { transact } from "../product/store";
import { grantPlan } from "../plan/grant";
import { cancelForDeletion, endWithDeactivation, resumeAfterReactivation } from "../plan/owner";
import { pageInput, withCursor } from "./page";

/**
 * Admin "All Users and Their Plans" and "Grant Free Accounts" (spec part 2 §2–§4,
 * DECISIONS 7 and 8). Every write keeps the platform counters (users, active_users,
 * plan_users) and the product counters right in the same transaction as the change.
 */
export namespace AdminUsers {
  export const GRANTABLE_PLANS = ["starter", "pro", "business"] as const;

  export interface Info {
    id: string;
    email: string;
    name: string;
    plan: string;
    role: "admin" | "creator" | "customer" | null;
    is_admin: boolean;
    onboarding_completed: boolean;
    deactivated: boolean;
    created_at: string;
    last_login_at: string | null;
    /** true while an admin granted the account and the person has not signed in yet */
    pending_first_sign_in: boolean;
    total_products: number;
    /** cents */
    total_revenue: number;
  }

  function serialize(u: UserItem, revenue = 0): Info {
    return {
      id: u.id,
      email: u.email,
      name: u.name ?? "",
      plan: planOf(u.plan).id,
      role: u.role ?? null,
      is_admin: u.is_admin || u.role === "admin",
      onboarding_completed: u.onboarding_completed,
      deactivated: u.deactivated,
      created_at: u.created_at,
      last_login_at: u.last_login_at ?? null,
      pending_first_sign_in: !u.google_sub,
      total_products: u.product_count ?? 0,
      total_revenue: revenue,
    };
  }

  const notFound = () => new NotFoundError("user.not_found", "User not found");

  async function load(id: string): Promise<UserItem> {
    const user = await User.fromID(id);
    if (!user) throw notFound();
    return user;
  }

  async function withRevenue(users: UserItem[]): Promise<Info[]> {
    if (!users.length) return [];
    const counters = await CounterEntity.get(users.map((u) => ({ scope: `creator#${u.id}` }))).go();
    const revenue = new Map(counters.data.map((c) => [c.scope, c.revenue ?? 0]));
    return users.map((u) => serialize(u, revenue.get(`creator#${u.id}`) ?? 0));
  }

  /**
   * Newest first through the users index (a Query, never a Scan). `q` narrows by e-mail or
   * name; an exact e-mail goes straight to its e-mail claim.
   */
  export async function list(query: unknown): Promise<{ users: Info[]; nextCursor: string | null }> {
    const { limit, cursor, q } = pageInput(query);
    if (q && z.email().safeParse(q.toLowerCase()).success && !cursor) {
      const exact = await User.fromEmail(q);
      if (exact) return { users: await withRevenue([exact]), nextCursor: null };
    }
    const res = await withCursor(cursor, () => {
      const base = UserEntity.query.all({});
      const filtered = q
        ? base.where((a, op) => {
            const lower = q.toLowerCase();
            const title = q.charAt(0).toUpperCase() + q.slice(1).toLowerCase();
            return [
              op.contains(a.email, lower),
              op.contains(a.name, q),
              op.contains(a.name, lower),
              op.contains(a.name, title),
            ].join(" OR ");
          })
        : base;
      // With a filter, `count` keeps reading pages until it has a full page of matches.
      return filtered.go({ order: "desc", cursor, ...(q ? { count: limit } : { limit }) });
    });
    return { users: await withRevenue(res.data as UserItem[]), nextCursor: res.cursor ?? null };
  }

  /**
   * The plan_users map must exist before a nested ADD can target one of its keys. Counters
   * always go through update(), never upsert(): ElectroDB's upsert SETs every defaulted
   * attribute back to its default, which would wipe the other running totals.
   */
  async function ensurePlatformCounter() {
    await CounterEntity.update({ scope: "platform" }).ifNotExists({ plan_users: {} }).go();
  }

  const PlanInput = z.object({
    plan: z.enum(GRANTABLE_PLANS, "Please choose a plan: starter, pro or business."),
  });

  /**
   * PUT /api/admin/users/{id}/plan: a grant (plan_source admin, never billed; a running
   * subscription ends at its period end). The per-plan counts move with the plan.
   */
  export async function setPlan(id: string, raw: unknown): Promise<Info> {
    const { plan } = parse(PlanInput, raw);
    await load(id);
    await grantPlan(id, plan);
    return serialize(await load(id));
  }

  const AdminFlagInput = z.object({ is_admin: z.boolean("is_admin must be true or false.") });

  /** PUT /api/admin/users/{id}/admin: Make Admin / Remove Admin. */
  export async function setAdmin(actorId: string, id: string, raw: unknown): Promise<Info> {
    const { is_admin } = parse(AdminFlagInput, raw);
    if (id === actorId && !is_admin)
      throw new ValidationError("You cannot remove your own admin access. Ask another admin to do it.", "admin.self");
    const user = await load(id);
    // Role "admin" also means admin, so removing the flag must move that person to creator.
    const role = !is_admin && user.role === "admin" ? ("creator" as const) : user.role;
    const updated = await UserEntity.patch({ id })
      .set({ is_admin, ...(role ? { role } : {}), ...(is_admin ? { onboarding_completed: true } : {}) })
      .go({ response: "all_new" });
    return serialize(updated.data as UserItem);
  }

  /**
   * PUT /api/admin/users/{id}/deactivate (DECISIONS 7): the person can no longer sign in or
   * call the API, and every product they sell is switched off (and remembered as paused
   * with the owner, so reactivation switches exactly those back on).
   */
  export async function deactivate(actorId: string, id: string): Promise<Info> {
    if (id === actorId) throw new ValidationError("You cannot deactivate your own account.", "admin.self");
    const user = await load(id);
    if (!user.deactivated) {
      await endWithDeactivation(user);
      const codes = await transact(({ user: users, counter }) => [
        users
          .patch({ id })
          .set({ deactivated: true })
          .where((a, op) => op.eq(a.deactivated, false))
          .commit(),
        counter.update({ scope: "platform" }).add({ active_users: -1 }).commit(),
      ]);
      // A failed condition means a concurrent deactivation already counted it.
      if (codes && codes[0] !== "ConditionalCheckFailed") throw busy();
    }
    await pauseProducts(id, { remember: true });
    return serialize({ ...user, deactivated: true });
  }

  /** PUT /api/admin/users/{id}/reactivate: undoes deactivate, products included. */
  export async function reactivate(id: string): Promise<Info> {
    const user = await load(id);
    await resumeAfterReactivation(user);
    if (user.deactivated) {
      const codes = await transact(({ user: users, counter }) => [
        users
          .patch({ id })
          .set({ deactivated: false })
          .where((a, op) => op.eq(a.deactivated, true))
          .commit(),
        counter.update({ scope: "platform" }).add({ active_users: 1 }).commit(),
      ]);
      if (codes && codes[0] !== "ConditionalCheckFailed") throw busy();
    }
    const products = await ProductEntity.query.byCreator({ creator_id: id }).go({ pages: "all" });
    for (const p of products.data) {
      if (!p.paused_with_owner || p.is_active) continue;
      await transact(({ product, counter }) => [
        product
          .patch({ id: p.id })
          .set({ is_active: true })
          .remove(["paused_with_owner"])
          .where((a, op) => op.eq(a.is_active, false))
          .commit(),
        ...[`creator#${id}`, "platform"].map((scope) => counter.update({ scope }).add({ active_products: 1 }).commit()),
      ]);
    }
    return serialize({ ...user, deactivated: false });
  }

  /** Switches off every active product of a person, counters included, one product per transaction. */
  async function pauseProducts(ownerId: string, opts: { remember: boolean }) {
    const products = await ProductEntity.query.byCreator({ creator_id: ownerId }).go({ pages: "all" });
    for (const p of products.data) {
      if (!p.is_active) continue;
      await transact(({ product, counter }) => [
        product
          .patch({ id: p.id })
          .set({ is_active: false, ...(opts.remember ? { paused_with_owner: true } : {}) })
          .where((a, op) => op.eq(a.is_active, true))
          .commit(),
        ...[`creator#${ownerId}`, "platform"].map((scope) =>
          counter.update({ scope }).add({ active_products: -1 }).commit(),
        ),
      ]);
    }
  }

  /**
   * DELETE /api/admin/users/{id}: removes the profile and its e-mail claim (so the e-mail can
   * sign up afresh), switches their products off, and keeps every purchase: sales carry their
   * own snapshots of product and creator names.
   */
  export async function remove(actorId: string, id: string): Promise<void> {
    if (id === actorId) throw new ValidationError("You cannot delete your own account.", "admin.self");
    const user = await load(id);
    await cancelForDeletion(user);
    await pauseProducts(id, { remember: false });
    await ensurePlatformCounter();
    const plan = planOf(user.plan).id;
    const codes = await transact(({ user: users, email, counter }) => [
      users
        .delete({ id })
        .where((a, op) => op.eq(a.email, user.email))
        .commit(),
      email.delete({ email: user.email }).commit(),
      counter
        .update({ scope: "platform" })
        .data((a, op) => {
          op.add(a.users, -1);
          if (!user.deactivated) op.add(a.active_users, -1);
          op.add(a.plan_users[plan], -1);
        })
        .commit(),
    ]);
    if (codes?.[0] === "ConditionalCheckFailed") throw notFound();
    if (codes) throw new AppError("user.delete_failed", "Failed to delete user. Please try again.", 503);
  }

  const GrantInput = z.object({
    email: z
      .string("Please enter an email address.")
      .trim()
      .toLowerCase()
      .min(1, "Please enter an email address.")
      .pipe(z.email("Please enter a valid email address.")),
    plan: z.enum(GRANTABLE_PLANS, "Please choose a plan: starter, pro or business.").default("starter"),
    is_admin: z.boolean("is_admin must be true or false.").default(false),
    onboarding_completed: z.boolean().optional(),
  });

  /**
   * POST /api/admin/users/create ("Grant Free Accounts"). An existing person gets the plan
   * (and the admin flag when ticked); a new e-mail gets a ready profile that the person
   * receives at their first Google sign-in (DECISIONS 8).
   */
  export async function grant(actorId: string, raw: unknown): Promise<{ user: Info; created: boolean }> {
    const input = parse(GrantInput, raw);
    const existing = await User.fromEmail(input.email);
    if (existing) {
      let info = await setPlan(existing.id, { plan: input.plan });
      if (input.is_admin && !info.is_admin) info = await setAdmin(actorId, existing.id, { is_admin: true });
      if (!existing.role || !existing.onboarding_completed) {
        const res = await UserEntity.patch({ id: existing.id })
          .set({ onboarding_completed: true, ...(existing.role ? {} : { role: "creator" as const }) })
          .go({ response: "all_new" });
        info = serialize(res.data as UserItem, info.total_revenue);
      }
      return { user: info, created: false };
    }
    const created = await User.create({
      email: input.email,
      plan: input.plan,
      is_admin: input.is_admin,
      role: input.is_admin ? "admin" : "creator",
      onboarding_completed: true,
      granted_by: actorId,
    });
    return { user: serialize(created), created: true };
  }

  const busy = () => new AppError("admin.busy", "The user changed while saving. Please try again.", 503);

  const parse = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
}
