import { UserEntity, type UserItem } from "../db/entities";

/**
 * One page of everyone, newest first, through the users index (a Query, never a Scan): the
 * admin's Users list. `q` narrows by e-mail or name; with it, `count` keeps reading pages until
 * it has a full page of matches.
 */
export async function usersPage(page: { q?: string; cursor?: string | null; limit: number }) {
  const { q, cursor, limit } = page;
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
  const res = await filtered.go({ order: "desc", cursor, ...(q ? { count: limit } : { limit }) });
  return { data: res.data as UserItem[], cursor: res.cursor ?? null };
}
