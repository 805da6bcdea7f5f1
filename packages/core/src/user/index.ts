import { hasUnsafeCharacters, parseInput, unsafeNameMessage } from "../validation";
import { randomUUID } from "node:crypto";
import * as z from "zod/mini";
import "../zod";
import { CounterEntity, EmailEntity, UserEntity, type UserItem } from "../db/entities";
import { transact } from "../product/store";
import { creatorDelta } from "./creators";
import { ConflictError, NotFoundError } from "../errors";
import { PLANS, type SelectablePlanId } from "../plan/plans";
import { DEACTIVATED_MESSAGE as DEACTIVATED } from "./read";

export type { UserItem };
export type Role = "admin" | "creator" | "customer";

/**
 * People and their profiles. One e-mail is one person: the
 * EmailEntity item is created in the same transaction as the user, with a condition. Every
 * creation also counts the user in the platform counters and today's new_users, so the
 * admin dashboards read one item.
 */
const check = <S extends z.ZodMiniType>(schema: S, value: unknown) => parseInput(schema, value);

export namespace User {
  export const DEACTIVATED_MESSAGE = DEACTIVATED;
  export const NAME_MAX = 100;

  /** The profile as GET /api/profile answers it. */
  export const Profile = z.object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    plan: z.string(),
    role: z.nullable(z.enum(["admin", "creator", "customer"])),
    is_admin: z.boolean(),
    onboarding_completed: z.boolean(),
    deactivated: z.boolean(),
    created_at: z.string(),
    email: z.string(),
    total_products: z.int(),
    /** The cycle a paid subscription is billed in, so plan screens start on it; null otherwise. */
    billing_cycle: z.nullable(z.enum(["monthly", "yearly"])),
  });
  export type Profile = z.infer<typeof Profile>;

  export const notFound = () => new NotFoundError("profile.not_found", "Profile not found");

  export function serialize(u: UserItem): Profile {
    return {
      id: u.id,
      user_id: u.id,
      name: u.name ?? "",
      plan: u.plan in PLANS ? u.plan : "free",
      role: u.role ?? null,
      is_admin: u.is_admin,
      onboarding_completed: u.onboarding_completed,
      deactivated: u.deactivated,
      created_at: u.created_at,
      email: u.email,
      total_products: u.product_count ?? 0,
      billing_cycle: u.billing_cycle === "yearly" || u.billing_cycle === "monthly" ? u.billing_cycle : null,
    };
  }

  /** The session user (GET /api/users/me). */
  export function serializeIdentity(u: UserItem) {
    return {
      id: u.id,
      email: u.email,
      google_user_data: { name: u.google_name ?? u.name ?? "", picture: u.picture ?? null },
    };
  }

  export const normalizeEmail = (email: string) => email.trim().toLowerCase();

  export async function fromID(id: string): Promise<UserItem | null> {
    if (!id) return null;
    return (await UserEntity.get({ id }).go()).data;
  }

  export async function fromEmail(email: string): Promise<UserItem | null> {
    const link = (await EmailEntity.get({ email: normalizeEmail(email) }).go()).data;
    return link ? fromID(link.user_id) : null;
  }

  export const CreateInput = z.object({
    email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email("Please enter a valid email address.")),
    name: z.optional(z.string().check(z.trim(), z.maxLength(NAME_MAX))),
    role: z.optional(z.enum(["admin", "creator", "customer"])),
    is_admin: z.optional(z.boolean()),
    onboarding_completed: z.optional(z.boolean()),
    plan: z.optional(z.enum(["free", "starter", "pro", "business", "lifetime"])),
    google_sub: z.optional(z.string()),
    google_name: z.optional(z.string()),
    picture: z.optional(z.string()),
    granted_by: z.optional(z.string()),
  });

  /**
   * Creates a person (first sign-in, an admin's "Grant Free Account", demo data). Fails with
   * 409 when the e-mail already belongs to someone.
   */
  export async function create(raw: z.input<typeof CreateInput>): Promise<UserItem> {
    const input = check(CreateInput, raw);
    const id = randomUUID();
    const plan: SelectablePlanId = input.plan ?? "free";
    const now = new Date();
    await ensurePlatformCounter();
    // Sign-ups at the same moment all count on the platform's items: a lost race is retried.
    const codes = await transact(({ user, email, counter, daily }) => [
      user
        .create({
          id,
          email: input.email,
          name: input.name ?? input.google_name ?? "",
          role: input.role,
          is_admin: input.is_admin ?? false,
          onboarding_completed: input.onboarding_completed ?? false,
          plan,
          google_sub: input.google_sub,
          google_name: input.google_name,
          picture: input.picture,
          granted_by: input.granted_by,
          // An admin's grant is never billed (Billing shows $0, webhooks leave it alone).
          ...(input.granted_by && plan !== "free" ? { plan_source: "admin" as const } : {}),
          last_login_at: input.google_sub ? now.toISOString() : undefined,
        })
        .commit(),
      email.create({ email: input.email, user_id: id }).commit(),
      counter
        .update({ scope: "platform" })
        .data((a, op) => {
          op.add(a.users, 1);
          op.add(a.active_users, 1);
          op.add(a.plan_users[plan], 1);
          if (creatorDelta(null, input.role ?? null)) op.add(a.creators, 1);
        })
        .commit(),
      // ElectroDB's upsert SETs every defaulted attribute back to its default unless it is
      // named in ifNotExists: name them all, or today's sales/views would be wiped.
      daily
        .upsert({ scope: "platform", date: now.toISOString().slice(0, 10) })
        .ifNotExists({ sales: 0, revenue: 0, views: 0 })
        .add({ new_users: 1 })
        .commit(),
    ]);
    if (codes) {
      if (await fromEmail(input.email))
        throw new ConflictError("user.exists", "An account with this email already exists.");
      throw new Error(`the account could not be created (${codes.join(", ")})`);
    }
    const created = await fromID(id);
    if (!created) throw new Error("user vanished after create");
    return created;
  }

  /** The plan_users map must exist before a nested ADD can target one of its keys. */
  async function ensurePlatformCounter() {
    await CounterEntity.upsert({ scope: "platform" })
      .ifNotExists({
        plan_users: {},
        sales: 0,
        revenue: 0,
        views: 0,
        customers: 0,
        products: 0,
        active_products: 0,
        users: 0,
        active_users: 0,
      })
      .go();
  }

  export const Name = z.string({ error: "Please enter your name" }).check(
    z.trim(),
    z.minLength(1, "Please enter your name"),
    z.maxLength(NAME_MAX, `Your name can be at most ${NAME_MAX} characters.`),
    z.refine((name) => !hasUnsafeCharacters(name), unsafeNameMessage("Your name")),
  );

  export const RenameInput = z.object({ name: Name });

  export async function rename(userId: string, raw: z.input<typeof RenameInput>): Promise<Profile> {
    const { name } = check(RenameInput, raw);
    return serialize(await patchExisting(userId, { name }));
  }

  /** The public creator card for customer signup: only the display name is public. */
  export async function publicCreator(creatorId: string): Promise<{ name: string }> {
    const user = await fromID(creatorId);
    if (!user || user.deactivated) throw new NotFoundError("creator.not_found", "Creator not found");
    return { name: user.name || "" };
  }

  /** Server-side logout: every session issued before now stops working. */
  export async function revokeSessions(userId: string, at = Date.now()) {
    await UserEntity.patch({ id: userId })
      .set({ sessions_revoked_at: at })
      .go()
      .catch((err: unknown) => {
        if (!isConditionalFailure(err)) throw err; // the user was deleted: nothing to revoke
      });
  }

  /** Patches an existing person (404 if they are gone) and answers the stored result. */
  export async function patchExisting(
    userId: string,
    set: Partial<Pick<UserItem, "name" | "role" | "onboarding_completed" | "is_admin">>,
  ) {
    try {
      const res = await UserEntity.patch({ id: userId }).set(set).go({ response: "all_new" });
      return res.data as UserItem;
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound();
      throw err;
    }
  }

  const isConditionalFailure = (err: unknown) =>
    String((err as Error)?.message ?? "").includes("conditional request failed");
}
