import { useEffect, useMemo, useState, type ReactNode } from "react";
import { fetchSessionUser, SessionContext, sessionActions, type SessionUser } from "@/lib/session";

type Known = { user: SessionUser | null; isPending: boolean; isFetching: boolean };

/**
 * The session of a page the server renders: `useSession()` (lib/session.ts) answered by one
 * fetch of /api/users/me after hydration. These pages carry no query cache (their weight budget,
 * docs/performance.md), and only read who is signed in (the claim form's e-mail, the
 * maintenance notice); the server renders them for a visitor.
 */
export function PageSessionProvider({ children }: { children: ReactNode }) {
  const [known, setKnown] = useState<Known>({ user: null, isPending: true, isFetching: false });
  const [actions] = useState(() => {
    const refresh = async () => {
      setKnown((k) => ({ ...k, isFetching: true }));
      const user = await fetchSessionUser().catch(() => null);
      setKnown({ user, isPending: false, isFetching: false });
    };
    return { refresh, ...sessionActions(refresh, () => setKnown({ user: null, isPending: false, isFetching: false })) };
  });
  useEffect(() => {
    void actions.refresh();
  }, [actions]);
  const value = useMemo(() => ({ ...known, ...actions }), [known, actions]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
