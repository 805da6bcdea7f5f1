import { call } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import type { Stack } from "@payloft/local/stack";

/** Shared steps of the platform billing tests: real sign-in, real sandbox checkout page. */
export async function person(
  stack: Stack,
  email: string,
  opts: { role?: "creator" | "customer" | null; name?: string } = {},
) {
  const cookie = await signIn(stack, { email, name: opts.name ?? email.split("@")[0] });
  const role = opts.role === undefined ? "creator" : opts.role;
  if (role) {
    const res = await call(stack, "POST", "/api/profile/role", { cookie, body: { role } });
    if (res.status !== 200) throw new Error(`role: ${res.status} ${res.text}`);
  }
  const me = await call(stack, "GET", "/api/profile", { cookie });
  return { cookie, id: me.json.id as string };
}

/** Pays on the sandbox's hosted checkout page like a buyer: its form, the test card. */
export async function payOnSandbox(url: string, email: string) {
  const res = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, card: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Test Buyer" }),
  });
  if (res.status !== 303) throw new Error(`sandbox pay answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.headers.get("location")!;
}

/** The session id the success URL carries. */
export const sessionIdOf = (successUrl: string) => new URL(successUrl).searchParams.get("session_id")!;

/**
 * The person's stored profile once every webhook and bus delivery has run its course, checked
 * with `ok` (webhooks are asynchronous; once the stack has settled, nothing more will change it).
 */
export async function profileWhen(stack: Stack, cookie: string, ok: (p: Record<string, any>) => boolean) {
  await stack.settled();
  const profile = (await call(stack, "GET", "/api/profile", { cookie })).json as Record<string, any>;
  if (!ok(profile)) throw new Error(`profile does not match once settled: ${JSON.stringify(profile)}`);
  return profile;
}
