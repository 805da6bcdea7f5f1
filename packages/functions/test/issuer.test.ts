import { describe, expect, it } from "vitest";
import { useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";

/**
 * The sign-in issuer: codes go only to the site's own callback (anything else is an error
 * page, never a code or a redirect), and its private keys are sealed in the table.
 */
const stack = useStack();

function authorize(params: Record<string, string>) {
  const url = new URL(`${stack().issuer.url}/authorize`);
  const all = { client_id: "payloft-web", response_type: "code", provider: "google", state: "s1", ...params };
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return fetch(url, { redirect: "manual" });
}

describe("redirect_uri allowlist", () => {
  it("accepts exactly the site's /auth/callback", async () => {
    const res = await authorize({ redirect_uri: `${stack().url}/auth/callback` });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/google/authorize");
  });

  it.each([
    ["another site", "https://evil.example/auth/callback"],
    ["another path of our own site", "/api/oauth/google/redirect_url"],
    ["a path under the callback", "/auth/callback/next"],
    ["the callback with a query", "/auth/callback?next=https://evil.example"],
    ["another port of localhost", "http://localhost:1/auth/callback"],
    ["no redirect at all", ""],
  ])("refuses %s with an error page, never a code", async (_what, target) => {
    const redirect = target.startsWith("/") ? `${stack().url}${target}` : target;
    const res = await authorize(redirect ? { redirect_uri: redirect } : {});
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("This sign-in link is not valid");
  });

  it("refuses another client id", async () => {
    const res = await authorize({ client_id: "someone-else", redirect_uri: `${stack().url}/auth/callback` });
    expect(res.status).toBe(400);
  });
});

describe("the issuer's keys at rest", () => {
  it("signing and encryption keys are sealed in the table; sign-in still works", async () => {
    const cookie = await signIn(stack(), { email: "kim@example.com", name: "Kim" });
    expect(cookie).toMatch(/payloft_access=/);
    const { AuthStoreEntity } = await import("@payloft/core/db/entities");
    const { isSealed } = await import("@payloft/core/crypto/seal");
    for (const ns of ["signing:key", "encryption:key"]) {
      const items = (await AuthStoreEntity.query.primary({ ns }).go()).data;
      expect(items.length, ns).toBeGreaterThan(0);
      for (const item of items) {
        expect(isSealed(item.value), ns).toBe(true);
        expect(item.value).not.toMatch(/PRIVATE KEY|privateKey/);
      }
    }
  });

  it("key material stored in clear before sealing existed is sealed when next read", async () => {
    const { AuthStoreEntity } = await import("@payloft/core/db/entities");
    const { AuthStorage } = await import("@payloft/core/user/auth-storage");
    const { isSealed } = await import("@payloft/core/crypto/seal");
    const legacy = { id: "legacy", privateKey: "-----BEGIN PRIVATE KEY-----x" };
    await AuthStoreEntity.put({ ns: "oauth:key", key: "legacy", value: JSON.stringify(legacy) }).go();
    try {
      expect(await AuthStorage().get(["oauth:key", "legacy"])).toEqual(legacy);
      const stored = (await AuthStoreEntity.get({ ns: "oauth:key", key: "legacy" }).go()).data!;
      expect(isSealed(stored.value)).toBe(true);
      expect(await AuthStorage().get(["oauth:key", "legacy"])).toEqual(legacy);
    } finally {
      await AuthStoreEntity.delete({ ns: "oauth:key", key: "legacy" }).go();
    }
  });
});
