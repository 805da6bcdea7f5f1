import { createContext, useContext } from "react";
import type { User } from "@payloft/core/user/index";

/**
 * Who is signed in, through one hook: `useSession()`. The app answers it from its query cache
 * (app/session.tsx, the `/api/users/me` query); the pages the server renders, which carry no
 * query cache (docs/performance.md), from one fetch of their own (rendered/session.tsx). Both
 * use the calls and the rules below: logout clears locally first, then tells the server; the
 * code exchange runs at most once.
 */
/** GET /api/users/me: who is signed in, as core's User.serializeIdentity answers it. */
export type SessionUser = ReturnType<typeof User.serializeIdentity>;

export interface Session {
  user: SessionUser | null;
  /** Until the first answer about who is signed in. */
  isPending: boolean;
  isFetching: boolean;
  redirectToLogin: () => Promise<void>;
  exchangeCodeForSessionToken: () => Promise<void>;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used within a SessionProvider");
  return value;
}

/** GET /api/users/me. A visitor is a 200 `{user: null}` (no console error on public pages); a person is their identity. */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const res = await fetch("/api/users/me", { credentials: "include" });
  // An unread body keeps the request open in the browser (the page never reaches network idle).
  if (!res.ok) await res.text();
  if (!res.ok) throw new Error(`Failed to fetch user: API responded with HTTP status ${res.status}`);
  const body = (await res.json()) as SessionUser | { user: null };
  return "id" in body ? body : null;
}

/**
 * Sign-in, code exchange and logout for one provider. `refresh`: ask again who is signed in;
 * `forget`: the person is signed out here (and what the page holds of them is dropped).
 */
export function sessionActions(refresh: () => Promise<unknown>, forget: () => void) {
  let exchange: Promise<void> | null = null;
  return {
    async redirectToLogin() {
      const res = await fetch("/api/oauth/google/redirect_url", { credentials: "include" });
      if (!res.ok) throw new Error(`Failed to get login redirect URL: API responded with HTTP status ${res.status}`);
      const { redirectUrl } = (await res.json()) as { redirectUrl: string };
      window.location.assign(redirectUrl);
    },
    exchangeCodeForSessionToken() {
      exchange ??= (async () => {
        const code = new URLSearchParams(window.location.search).get("code");
        if (!code) throw new Error("Cannot exchange code for session token: no code provided in the URL search params");
        const res = await fetch("/api/sessions", {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ code }),
        });
        await res.text(); // read to the end, so the request completes (see fetchSessionUser)
        if (!res.ok)
          throw new Error(`Failed to exchange code for session token: API responded with HTTP status ${res.status}`);
        await refresh();
      })();
      return exchange;
    },
    async logout() {
      forget();
      try {
        await (await fetch("/api/logout", { method: "POST", credentials: "include" })).text();
      } catch (err) {
        console.error("Failed to logout", err);
      }
    },
  };
}
