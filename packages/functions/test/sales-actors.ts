import { call } from "../../local/src/testing/index";
import { signIn } from "../../local/src/testing/auth";
import type { Stack } from "../../local/src/stack";

/** Signs a person in through the real flow and gives them a role; returns cookie and id. */
export async function signInAs(stack: Stack, email: string, role: "creator" | "customer", name = email.split("@")[0]!) {
  const cookie = await signIn(stack, { email, name });
  const res = await call(stack, "POST", "/api/profile/role", { cookie, body: { role } });
  if (res.status !== 200) throw new Error(`role ${role} for ${email}: ${res.status} ${res.text}`);
  return { cookie, id: res.json.id as string, email };
}
