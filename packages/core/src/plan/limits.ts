import { Config } from "../config/index";
import { planOf } from "./plans";

/**
 * How many products a person may have: the plan table's limit, except admins and the
 * configured unlimited e-mails, who have none (rule: Plan limits). null = unlimited.
 */
export function productLimitFor(user: {
  plan?: string | null;
  email: string;
  role?: string | null;
  is_admin?: boolean;
}): number | null {
  if (user.is_admin || user.role === "admin") return null;
  if (Config.unlimitedEmails().includes(user.email.toLowerCase())) return null;
  return planOf(user.plan).productLimit;
}
