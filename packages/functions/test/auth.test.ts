import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn, startSignIn } from "@payloft/local/testing/auth";

const stack = useStack();
/** Whom users/me says the cookie belongs to (null: a visitor; it answers 200 either way). */
const whoIs = async (cookie: string) =>
  ((await call(stack(), "GET", "/api/users/me", { cookie })).json.email ?? null) as string | null;
const NO_CODE = "Cannot exchange code for session token: no code provided in the URL search params";

describe("sign-in through the issuer and the Google emulator", () => {
  it("GET /api/oauth/google/redirect_url points at the issuer's authorize for provider google", async () => {
    const res = await call(stack(), "GET", "/api/oauth/google/redirect_url");
    expect(res.status).toBe(200);
    const url = new URL(res.json.redirectUrl);
    expect(url.origin).toBe(stack().issuer.url);
    expect(url.pathname).toBe("/authorize");
    expect(url.searchParams.get("provider")).toBe("google");
    expect(url.searchParams.get("redirect_uri")).toBe(`${stack().url}/auth/callback`);
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
    expect(res.headers.get("set-cookie")).toMatch(/payloft_pkce=.+HttpOnly; SameSite=Lax/);
  });

  it("a new person signs in: session cookies, users/me, a fresh profile", async () => {
    const cookie = await signIn(stack(), { email: "Ann@Example.com", name: "Ann Lee" });
    expect(cookie).toMatch(/payloft_access=[^;]+; payloft_refresh=/);
    const me = await call(stack(), "GET", "/api/users/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: "ann@example.com", google_user_data: { name: "Ann Lee" } });
    expect(me.json.id).toBeTypeOf("string");
    const profile = await call(stack(), "GET", "/api/profile", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.json).toMatchObject({
      id: me.json.id,
      user_id: me.json.id,
      name: "Ann Lee",
      plan: "free",
      role: null,
      is_admin: false,
      onboarding_completed: false,
      email: "ann@example.com",
    });
  });

  it("signing in again is the same person", async () => {
    const a = await call(stack(), "GET", "/api/users/me", {
      cookie: await signIn(stack(), { email: "bo@example.com", name: "Bo" }),
    });
    const b = await call(stack(), "GET", "/api/users/me", {
      cookie: await signIn(stack(), { email: "bo@example.com", name: "Bo B" }),
    });
    expect(b.json.id).toBe(a.json.id);
    expect(b.json.google_user_data.name).toBe("Bo B");
  });

  it("POST /api/sessions without a code answers the spec's message", async () => {
    for (const body of [{}, { code: "" }, { code: "   " }]) {
      const res = await call(stack(), "POST", "/api/sessions", { body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(NO_CODE);
    }
  });

  it("a code works once, and only in the browser that started sign-in", async () => {
    const flow = await startSignIn(stack(), { email: "cy@example.com" });
    const other = await call(stack(), "POST", "/api/sessions", { body: { code: flow.code } });
    expect(other.status).toBe(400);
    const again = await startSignIn(stack(), { email: "cy@example.com" });
    const ok = await call(stack(), "POST", "/api/sessions", {
      body: { code: again.code },
      cookie: again.siteJar.header(),
    });
    expect(ok.status).toBe(200);
    const reused = await call(stack(), "POST", "/api/sessions", {
      body: { code: again.code },
      cookie: again.siteJar.header(),
    });
    expect(reused.status).toBe(400);
  });

  it("a visitor, or a forged or dead session, is {user: null} on users/me (200: no console error), cookies cleared", async () => {
    const anonymous = await call(stack(), "GET", "/api/users/me");
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ user: null });
    expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
    for (const cookie of ["payloft_access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc", "payloft_refresh=user:x:y"]) {
      const res = await call(stack(), "GET", "/api/users/me", { cookie });
      expect(res.status, cookie).toBe(200);
      expect(res.json, cookie).toEqual({ user: null });
      expect(res.headers.get("set-cookie"), cookie).toMatch(/payloft_access=; Path=\/; Max-Age=0/);
    }
    // The session's own calls stay closed to a visitor.
    expect((await call(stack(), "GET", "/api/profile")).status).toBe(401);
  });

  it("an expired or missing access token is refreshed transparently with the refresh token", async () => {
    const cookie = await signIn(stack(), { email: "eve@example.com", name: "Eve" });
    const refreshOnly = cookie
      .split("; ")
      .filter((c) => c.startsWith("payloft_refresh="))
      .join("; ");
    const res = await call(stack(), "GET", "/api/users/me", { cookie: refreshOnly });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe("eve@example.com");
    const set = res.headers.getSetCookie();
    expect(set.some((c) => /^payloft_access=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/.test(c))).toBe(true);
    expect(set.some((c) => c.startsWith("payloft_refresh="))).toBe(true);
  });

  it("the issuer hands codes only to our own site's callback", async () => {
    const url = new URL(`${stack().issuer.url}/authorize`);
    for (const [k, v] of Object.entries({
      client_id: "payloft-web",
      redirect_uri: "https://evil.example/cb",
      response_type: "code",
      provider: "google",
    })) {
      url.searchParams.set(k, v);
    }
    const res = await fetch(url, { redirect: "manual" });
    // An error page, not even a redirect carrying the error to the stranger's address.
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("This sign-in link is not valid");
  });

  it("POST /api/sessions from another site is refused", async () => {
    const flow = await startSignIn(stack(), { email: "mal@example.com" });
    const res = await call(stack(), "POST", "/api/sessions", {
      body: { code: flow.code },
      cookie: flow.siteJar.header(),
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("GET /api/logout no longer ends a session (a link or an <img> on any site could)", async () => {
    const cookie = await signIn(stack(), { email: "gus@example.com", name: "Gus" });
    const res = await call(stack(), "GET", "/api/logout", { cookie });
    expect(res.status).toBe(405);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await whoIs(cookie)).toBe("gus@example.com");
  });

  it("a logout POSTed from another site is refused and the session stays", async () => {
    const cookie = await signIn(stack(), { email: "hal@example.com", name: "Hal" });
    const res = await call(stack(), "POST", "/api/logout", { cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("auth.bad_origin");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await whoIs(cookie)).toBe("hal@example.com");
  });

  it("logout clears the cookies and ends the session on the server", async () => {
    const cookie = await signIn(stack(), { email: "dee@example.com", name: "Dee" });
    const out = await call(stack(), "POST", "/api/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/payloft_access=; Path=\/; Max-Age=0/);
    // The old cookie, replayed, no longer works: a visitor, and a signed-in call is refused.
    expect(await whoIs(cookie)).toBeNull();
    expect((await call(stack(), "GET", "/api/profile", { cookie })).status).toBe(401);
    // A new sign-in works again.
    const again = await signIn(stack(), { email: "dee@example.com", name: "Dee" });
    expect(await whoIs(again)).toBe("dee@example.com");
  });
});
