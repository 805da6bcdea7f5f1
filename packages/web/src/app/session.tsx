import { useMemo, useState, type ReactNode } from "react";
import { hashKey, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchSessionUser, SessionContext, sessionActions } from "@/lib/session";

/**
 * GET /api/users/me, the signed-in person, as the app's one query for it. It changes only when
 * someone signs in or out on this page (both go through the session below), so it is never
 * stale by age; a failed fetch leaves nobody signed in (no retry), as the spec says.
 */
export const sessionQuery = () =>
  queryOptions({ queryKey: ["users", "me"], queryFn: fetchSessionUser, staleTime: Infinity, retry: false });

/** The app's session: `useSession()` (lib/session.ts) answered from the query cache. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, isFetching } = useQuery(sessionQuery());
  const [actions] = useState(() => {
    const { queryKey } = sessionQuery();
    return sessionActions(
      () => queryClient.invalidateQueries({ queryKey }, { throwOnError: true }),
      () => {
        void queryClient.cancelQueries({ queryKey });
        // The next person on this browser must see none of this one's cached data. The session's
        // own entry stays, as nobody: removed, it would be fetched again before the server has
        // ended the session, and answer with the person who is signing out.
        queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(queryKey) });
        queryClient.setQueryData(queryKey, null);
      },
    );
  });
  const value = useMemo(
    () => ({ user: data ?? null, isPending, isFetching, ...actions }),
    [data, isPending, isFetching, actions],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
