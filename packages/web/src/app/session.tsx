import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/**
 * The signed-in user: one current-user fetch at startup,
 * concurrent fetches merged into one, isPending until the first fetch settles, logout
 * clears locally first, and the code exchange runs at most once.
 */
export interface SessionUser {
  id: string;
  email: string;
  google_user_data: { name: string; picture?: string };
  [key: string]: unknown;
}

interface SessionValue {
  user: SessionUser | null;
  isPending: boolean;
  isFetching: boolean;
  fetchUser: () => Promise<void>;
  redirectToLogin: () => Promise<void>;
  exchangeCodeForSessionToken: () => Promise<void>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * `onLogout`: what else the page forgets when the person signs out (the app clears its query
 * cache, so the next person on this browser sees none of their data).
 */
export function SessionProvider({ children, onLogout }: { children: ReactNode; onLogout?: () => void }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [isPending, setPending] = useState(true);
  const [isFetching, setFetching] = useState(false);
  const inflight = useRef<Promise<void> | null>(null);
  const exchange = useRef<Promise<void> | null>(null);

  const fetchUser = useCallback(() => {
    inflight.current ??= (async () => {
      setFetching(true);
      try {
        const res = await fetch("/api/users/me", { credentials: "include" });
        // An unread body keeps the request open in the browser (the page never reaches network idle).
        if (!res.ok) await res.text();
        if (!res.ok) throw new Error(`Failed to fetch user: API responded with HTTP status ${res.status}`);
        // A visitor is a 200 `{user: null}` (no console error on public pages); a person is their identity.
        const body = (await res.json()) as SessionUser | { user: null };
        setUser("id" in body ? body : null);
      } finally {
        setFetching(false);
        setPending(false);
        inflight.current = null;
      }
    })();
    return inflight.current;
  }, []);

  useEffect(() => {
    fetchUser().catch(() => setUser(null));
  }, [fetchUser]);

  const redirectToLogin = useCallback(async () => {
    const res = await fetch("/api/oauth/google/redirect_url", { credentials: "include" });
    if (!res.ok) throw new Error(`Failed to get login redirect URL: API responded with HTTP status ${res.status}`);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    window.location.assign(redirectUrl);
  }, []);

  const exchangeCodeForSessionToken = useCallback(() => {
    exchange.current ??= (async () => {
      const code = new URLSearchParams(window.location.search).get("code");
      if (!code) throw new Error("Cannot exchange code for session token: no code provided in the URL search params");
      const res = await fetch("/api/sessions", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code }),
      });
      await res.text(); // read to the end, so the request completes (see fetchUser)
      if (!res.ok)
        throw new Error(`Failed to exchange code for session token: API responded with HTTP status ${res.status}`);
      await fetchUser();
    })();
    return exchange.current;
  }, [fetchUser]);

  const logout = useCallback(async () => {
    setUser(null);
    onLogout?.();
    try {
      await (await fetch("/api/logout", { method: "POST", credentials: "include" })).text();
    } catch (err) {
      console.error("Failed to logout", err);
    }
  }, [onLogout]);

  const value = useMemo(
    () => ({ user, isPending, isFetching, fetchUser, redirectToLogin, exchangeCodeForSessionToken, logout }),
    [user, isPending, isFetching, fetchUser, redirectToLogin, exchangeCodeForSessionToken, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used within a SessionProvider");
  return value;
}
