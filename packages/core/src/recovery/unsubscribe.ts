import * as z from "zod";
import { ValidationError } from "../errors";
import { parseInput } from "../validation";
import { addressOfToken, markUnsubscribed } from "./list";

/** Following the unsubscribe link of a recovery e-mail (kept apart: it sends no e-mail). */
export namespace RecoveryOptOut {
  export const BAD_LINK = "This unsubscribe link is not valid. Please use the link from the e-mail as it is.";
  const UnsubscribeInput = z.object({
    token: z.string(BAD_LINK).trim().min(1, BAD_LINK).max(1000, BAD_LINK),
  });

  /** POST /api/recovery/unsubscribe {token}: records the opt-out (again is fine) and says for whom. */
  export async function unsubscribe(input: unknown): Promise<{ email: string; unsubscribed: true }> {
    const { token } = parseInput(UnsubscribeInput, input, { code: "recovery.bad_link" });
    const email = await addressOfToken(token);
    if (!email) throw new ValidationError(BAD_LINK, "recovery.bad_link");
    await markUnsubscribed(email);
    return { email, unsubscribed: true };
  }
}
