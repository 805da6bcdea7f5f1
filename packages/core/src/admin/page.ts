import * as z from "zod";
import { ValidationError } from "../errors";
import { isDynamoValidation } from "../db/errors";

/**
 * Query-string paging shared by the admin lists: `?limit=25&cursor=...`. The cursor is the
 * opaque string ElectroDB hands back; lists answer it as `nextCursor` (null on the last page).
 */
export const PageInput = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).optional(),
  q: z.string().trim().max(200).optional(),
  status: z.string().trim().optional(),
});
export type PageInput = z.infer<typeof PageInput>;

export function pageInput(query: unknown): PageInput {
  const r = PageInput.safeParse(query ?? {});
  if (r.success) return r.data;
  const field = r.error.issues[0]?.path.join(".");
  throw new ValidationError(
    field === "limit" ? "limit must be a whole number from 1 to 100." : "The list filter is not valid.",
  );
}

/**
 * ElectroDB rejects a cursor it cannot decode with a plain Error, and DynamoDB one that
 * decodes to a wrong start key with a ValidationException; both are a 400.
 */
export async function withCursor<T>(cursor: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (cursor && (/cursor/i.test(String((err as Error)?.message)) || isDynamoValidation(err))) {
      throw new ValidationError("The page cursor is not valid. Reload the list and try again.");
    }
    throw err;
  }
}
