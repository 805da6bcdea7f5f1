import { parseInput } from "../validation";
import * as z from "zod";
import { revenueByCurrency, type Currency } from "../currency/index";
import { CounterEntity } from "../db/entities";
import { NotFoundError, ValidationError } from "../errors";
import { PAID_PLAN_IDS, planOf } from "../plan/plans";
import { User, type UserItem } from "../user/index";
import { usersPage } from "../user/list";
import { pageInput, withCursor } from "./page";

/**
 * Admin "All Users and Their Plans": the list and the admin flag. What changes an account's
 * plan or life (grant, set plan, deactivate, reactivate, delete) is in ./accounts, apart
 * because it may reach the platform's payment provider and so needs its key.
 */
export namespace AdminUsers {
  export const GRANTABLE_PLANS = PAID_PLAN_IDS;

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
    /** USD cents only (as before currencies); every currency in revenue_by_currency. */
    total_revenue: number;
    /** {usd: 5000, eur: 950}: the creator's revenue in each currency, never added up. */
    revenue_by_currency: Partial<Record<Currency, number>>;
  }

  export function serialize(u: UserItem, revenue = 0, byCurrency: Partial<Record<Currency, number>> = {}): Info {
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
      revenue_by_currency: byCurrency,
    };
  }

  export const notFound = () => new NotFoundError("user.not_found", "User not found");

  export async function load(id: string): Promise<UserItem> {
    const user = await User.fromID(id);
    if (!user) throw notFound();
    return user;
  }

  async function withRevenue(users: UserItem[]): Promise<Info[]> {
    if (!users.length) return [];
    const counters = await CounterEntity.get(users.map((u) => ({ scope: `creator#${u.id}` }))).go();
    const byScope = new Map(counters.data.map((c) => [c.scope, c]));
    return users.map((u) => {
      const c = byScope.get(`creator#${u.id}`);
      return serialize(u, c?.revenue ?? 0, revenueByCurrency(c));
    });
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
    const res = await withCursor(cursor, () => usersPage({ q, cursor, limit }));
    return { users: await withRevenue(res.data), nextCursor: res.cursor };
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
    const updated = await User.patchExisting(id, {
      is_admin,
      ...(role ? { role } : {}),
      ...(is_admin ? { onboarding_completed: true } : {}),
    });
    return serialize(updated);
  }

  const parse = <S extends z.ZodType>(schema: S, value: unknown) => parseInput(schema, value);
}
