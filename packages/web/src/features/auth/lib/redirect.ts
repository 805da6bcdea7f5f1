import type { Profile } from "@/lib/profile";

/**
 * `/login?redirect=` is followed only for same-site relative paths (no `//evil.com`, no
 * `https://…`, no `javascript:`), and kept in sessionStorage so it survives the round trip
 * through the identity provider.
 */
const KEY = "loginRedirect";

export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    if (url.pathname === "/login" || url.pathname === "/auth/callback") return null; // no loops
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberRedirect(path: string | null) {
  if (path) storage()?.setItem(KEY, path);
  else storage()?.removeItem(KEY);
}

/** Reads and forgets the stored target (it applies to one sign-in only). */
export function takeRedirect(): string | null {
  const value = safeRedirect(storage()?.getItem(KEY));
  storage()?.removeItem(KEY);
  return value;
}

/** Where a signed-in person belongs. */
export function homeFor(
  profile: Pick<Profile, "role" | "is_admin" | "onboarding_completed"> | null | undefined,
): string {
  if (!profile) return "/onboarding";
  if (profile.role === "admin" || profile.is_admin) return "/admin";
  if (profile.role === "customer") return "/customer-dashboard";
  if (profile.role === "creator" && profile.onboarding_completed) return "/dashboard";
  return "/onboarding";
}
