import * as z from "zod";
import { UserEntity } from "../db/entities";
import { ConflictError, ForbiddenError } from "../errors";
import { Config } from "../config/index";
import { logger } from "../log/index";
import { Sales } from "../sales/index";
import { parseInput } from "../validation";
import { User, type UserItem } from "./index";

/** The issuer's side of signing in: the person behind a Google identity the provider vouched for. */
export namespace SignIn {
  export const Input = z.object({
    sub: z.string().min(1),
    email: z.string().min(3),
    name: z.string().optional(),
    picture: z.string().optional(),
  });

  /**
   * Creates the profile at first sign-in, or hands over one an admin granted in advance
   * (rule: Granted accounts). Configured admin e-mails become admins. Deactivated people are refused
   * (rule: Deactivation). Someone who already bought with this e-mail and has no role yet is a
   * customer (rule: Plans are for creators): they land in the portal with their purchases, no role screen.
   */
  export async function complete(raw: z.input<typeof Input>): Promise<UserItem> {
    const input = parseInput(Input, raw);
    const email = User.normalizeEmail(input.email);
    const name = input.name?.trim().slice(0, User.NAME_MAX) || undefined;
    const configuredAdmin = Config.adminEmails().includes(email);
    let user = await User.fromEmail(email);
    const buyer = !configuredAdmin && !user?.role && !user?.is_admin && (await Sales.hasPurchases(email));
    const firstRole = configuredAdmin
      ? ({ is_admin: true, role: "admin", onboarding_completed: true } as const)
      : buyer
        ? ({ role: "customer", onboarding_completed: true } as const)
        : {};
    if (!user) {
      try {
        return await User.create({
          email,
          google_sub: input.sub,
          google_name: name,
          name,
          picture: input.picture,
          ...firstRole,
        });
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
        user = await User.fromEmail(email); // a parallel first sign-in won the race
        if (!user) throw err;
      }
    }
    if (user.deactivated) throw new ForbiddenError(User.DEACTIVATED_MESSAGE, "user.deactivated");
    if (user.google_sub && user.google_sub !== input.sub) {
      logger.warn("google subject changed for an e-mail", { userId: user.id });
    }
    const updated = await UserEntity.patch({ id: user.id })
      .set({
        google_sub: input.sub,
        last_login_at: new Date().toISOString(),
        ...(name ? { google_name: name } : {}),
        ...(input.picture ? { picture: input.picture } : {}),
        ...(!user.name && name ? { name } : {}),
        ...(configuredAdmin ? { is_admin: true, ...(user.role ? {} : { role: "admin" as const }) } : {}),
        ...(buyer ? { role: "customer" as const, onboarding_completed: true } : {}),
      })
      .go({ response: "all_new" });
    return updated.data as UserItem;
  }
}
