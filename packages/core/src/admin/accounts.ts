import { parseInput } from "../validation";
import * as z from "zod";
import { CounterEntity } from "../db/entities";
import { productsOfCreator } from "../product/view";
import { AppError, ValidationError } from "../errors";
import { planOf } from "../plan/plans";
import { User } from "../user/index";
import { changeRole, creatorDelta } from "../user/creators";
import { transact } from "../product/store";
import { grantPlan } from "../plan/grant";
import { cancelForDeletion, endWithDeactivation, resumeAfterReactivation } from "../plan/owner";
import { AdminUsers } from "./users";

/**
 * Admin actions on an account's plan and life: "Grant Free Accounts", change plan, deactivate,
 * reactivate and delete (rules: Deactivation; Granted accounts). A paying creator's platform subscription is
 * stopped at the provider with them. Every write keeps the platform counters (users,
 * active_users, plan_users) and the product counters right in the same transaction.
 */
export namespace AdminAccounts {
  type Info = AdminUsers.Info;
  const { serialize, load, notFound, GRANTABLE_PLANS } = AdminUsers;
  const setAdmin = AdminUsers.setAdmin;

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

  /**
   * PUT /api/admin/users/{id}/deactivate (rule: Deactivation): the person can no longer sign in or
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
    for (const p of await productsOfCreator(id)) {
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
    for (const p of await productsOfCreator(ownerId)) {
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
          if (creatorDelta(user.role ?? null, null)) op.add(a.creators, -1);
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
   * receives at their first Google sign-in (rule: Granted accounts).
   */
  export async function grant(actorId: string, raw: unknown): Promise<{ user: Info; created: boolean }> {
    const input = parse(GrantInput, raw);
    const existing = await User.fromEmail(input.email);
    if (existing) {
      let info = await setPlan(existing.id, { plan: input.plan });
      if (input.is_admin && !info.is_admin) info = await setAdmin(actorId, existing.id, { is_admin: true });
      if (!existing.role || !existing.onboarding_completed) {
        // Becoming a creator moves the platform's creators figure with the role (user/creators.ts).
        const saved = await changeRole(existing, {
          role: existing.role ?? "creator",
          onboarding_completed: true,
        });
        info = serialize(saved, info.total_revenue, info.revenue_by_currency);
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
