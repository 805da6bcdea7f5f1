import * as z from "zod/mini";
import "../zod";
import { ConflictError, NotFoundError } from "../errors";
import { PLANS, planOf } from "../plan/plans";
import { parseInput } from "../validation";
import { changeRole } from "./creators";
import { User, type UserItem } from "./index";

/**
 * Choosing to sell or to buy (rule: Plans are for creators). A seller who has something to
 * lose (products or a plan other than free) switches to buying only after confirming; the
 * switch keeps products and plan exactly as they are, so switching back restores everything.
 */
export namespace Roles {
  export const RoleInput = z.object({
    role: z.enum(["creator", "customer"], { error: "Please choose a role: creator or customer." }),
    confirm: z.optional(z.boolean({ error: "confirm must be true or false." })),
  });

  /** What a creator keeps when they switch to buying, in words; null when there is nothing. */
  function stake(user: UserItem): string | null {
    const products = user.product_count ?? 0;
    const plan = planOf(user.plan);
    const parts = [
      products > 0 ? `${products} product${products === 1 ? "" : "s"}` : null,
      plan.id !== "free" ? `the ${PLANS[plan.id].name} plan` : null,
    ].filter(Boolean);
    return parts.length ? parts.join(" and ") : null;
  }

  /** A person picks selling or buying. admin is never self-assigned; admins keep their role. */
  export async function setRole(userId: string, raw: z.input<typeof RoleInput>): Promise<User.Profile> {
    const { role, confirm } = parseInput(RoleInput, raw);
    const user = await User.fromID(userId);
    if (!user) throw User.notFound();
    if (user.role === "admin") return User.serialize(user);
    const keeps = user.role === "creator" && role === "customer" ? stake(user) : null;
    if (keeps && !confirm) {
      throw new ConflictError(
        "role.confirm_switch",
        `You have ${keeps}. Switching to buying keeps everything as it is (your products stay on sale and your plan ` +
          `is unchanged), and you can return to selling at any time. Please confirm the switch.`,
      );
    }
    return User.serialize(
      await changeRole(user, {
        role,
        // A buyer has nothing to set up; a seller finishes onboarding by choosing a plan.
        ...(role === "customer" ? { onboarding_completed: true } : {}),
      }),
    );
  }

  export const CustomerSignupInput = z.object({
    name: User.Name,
    creator_user_id: z
      .string({ error: "creator_user_id is required." })
      .check(z.trim(), z.minLength(1, "creator_user_id is required.")),
  });

  /** Customer signup from a creator's link. */
  export async function becomeCustomer(
    userId: string,
    raw: z.input<typeof CustomerSignupInput>,
  ): Promise<User.Profile> {
    const input = parseInput(CustomerSignupInput, raw);
    const creator = await User.fromID(input.creator_user_id);
    if (!creator) throw new NotFoundError("creator.not_found", "Creator not found");
    const user = await User.fromID(userId);
    if (!user) throw User.notFound();
    return User.serialize(
      await User.patchExisting(userId, {
        name: input.name,
        onboarding_completed: true,
        // An admin or an existing seller who also buys keeps their role and dashboard.
        ...(user.role === "admin" || user.role === "creator" ? {} : { role: "customer" as const }),
      }),
    );
  }
}
