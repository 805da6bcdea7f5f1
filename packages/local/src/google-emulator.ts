import { createHash, createHmac, randomUUID } from "node:crypto";

/**
 * A local stand-in for Google's OAuth 2.0 endpoints (like Firebase's auth emulator): an
 * account chooser page (type an e-mail and name, or pick an account used before), an
 * authorization code, and a token endpoint answering an OpenID id_token. The issuer talks
 * to it exactly as it talks to Google, so the whole sign-in code flow runs for real.
 */
export interface EmulatorAccount {
  email: string;
  name: string;
}

interface PendingCode {
  account: EmulatorAccount;
  clientId: string;
  redirectUri: string;
  expires: number;
}

export interface GoogleEmulatorOptions {
  /** Absolute URL where the emulator is mounted, e.g. http://localhost:4001/__google */
  base: string;
  clientId: string;
  clientSecret: string;
  /** Accounts always offered for one-click sign-in (the demo accounts). */
  suggested?: EmulatorAccount[];
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const b64url = (v: string | Buffer) => Buffer.from(v).toString("base64url");

/** Google subjects are stable numeric ids; derive one from the e-mail so it never changes. */
export const emulatedSub = (email: string) =>
  BigInt(`0x${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16)}`)
    .toString()
    .padStart(21, "1");

export function googleEmulator(opts: GoogleEmulatorOptions) {
  const codes = new Map<string, PendingCode>();
  const usedBefore = new Map<string, EmulatorAccount>();
  const issuerOrigin = new URL(opts.base).origin;

  function idToken(account: EmulatorAccount) {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = b64url(
      JSON.stringify({
        iss: opts.base,
        aud: opts.clientId,
        sub: emulatedSub(account.email),
        email: account.email,
        email_verified: true,
        name: account.name,
        iat: now,
        exp: now + 3600,
      }),
    );
    const sig = createHmac("sha256", opts.clientSecret).update(`${header}.${payload}`).digest("base64url");
    return `${header}.${payload}.${sig}`;
  }

  async function authorizeForm(req: Request): Promise<Response> {
    const form = await req.formData();
    const get = (k: string) => String(form.get(k) ?? "").trim();
    const redirectUri = get("redirect_uri");
    if (!redirectUri.startsWith(`${issuerOrigin}/`)) return text(400, "redirect_uri must point at the local issuer");
    const email = get("email").toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return html(page(Object.fromEntries(form) as Record<string, string>, "Enter a valid e-mail address."), 400);
    }
    const account = { email, name: get("name") || email.split("@")[0]! };
    usedBefore.set(email, account);
    const code = randomUUID();
    codes.set(code, { account, clientId: get("client_id"), redirectUri, expires: Date.now() + 60_000 });
    const to = new URL(redirectUri);
    to.searchParams.set("code", code);
    if (get("state")) to.searchParams.set("state", get("state"));
    return new Response(null, { status: 302, headers: { location: to.toString() } });
  }

  async function token(req: Request): Promise<Response> {
    const form = await req.formData();
    const code = String(form.get("code") ?? "");
    const pending = codes.get(code);
    codes.delete(code);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (form.get("client_id") !== opts.clientId || form.get("client_secret") !== opts.clientSecret) {
      return json(401, { error: "invalid_client", error_description: "Unknown client or wrong secret" });
    }
    if (!pending || pending.expires < Date.now() || pending.redirectUri !== form.get("redirect_uri")) {
      return json(400, { error: "invalid_grant", error_description: "The code is unknown, used or expired" });
    }
    return json(200, {
      access_token: `emulator-${randomUUID()}`,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "openid email profile",
      id_token: idToken(pending.account),
    });
  }

  function page(q: Record<string, string>, error?: string) {
    const hidden = ["client_id", "redirect_uri", "state"]
      .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? "")}">`)
      .join("");
    const accounts = new Map<string, EmulatorAccount>();
    for (const a of [...usedBefore.values()].reverse()) accounts.set(a.email, a);
    for (const a of opts.suggested ?? []) if (!accounts.has(a.email)) accounts.set(a.email, a);
    const picks = [...accounts.values()]
      .map(
        (a) => `
      <form method="post" action="${esc(opts.base)}/authorize">${hidden}
        <input type="hidden" name="email" value="${esc(a.email)}"><input type="hidden" name="name" value="${esc(a.name)}">
        <button type="submit" class="account" aria-label="Continue as ${esc(a.email)}">
          <span class="avatar">${esc((a.name || a.email).charAt(0).toUpperCase())}</span>
          <span><strong>${esc(a.name)}</strong><small>${esc(a.email)}</small></span>
        </button>
      </form>`,
      )
      .join("");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in – Google (local emulator)</title>
<style>
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f0f4f9;color:#1f1f1f;display:flex;min-height:100vh;align-items:center;justify-content:center;padding:16px}
main{background:#fff;border-radius:28px;padding:36px 32px;width:100%;max-width:440px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.brand{font-size:22px;font-weight:600;letter-spacing:-.01em}.brand b:nth-child(1){color:#4285f4}.brand b:nth-child(2){color:#ea4335}.brand b:nth-child(3){color:#fbbc05}.brand b:nth-child(4){color:#4285f4}.brand b:nth-child(5){color:#34a853}.brand b:nth-child(6){color:#ea4335}
.tag{display:inline-block;margin-left:8px;font-size:11px;font-weight:600;text-transform:uppercase;background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 8px;vertical-align:middle}
h1{font-size:24px;font-weight:500;margin:20px 0 4px}p.sub{margin:0 0 20px;color:#444}
.account{display:flex;width:100%;align-items:center;gap:12px;padding:12px;border:1px solid #dadce0;border-radius:12px;background:#fff;cursor:pointer;text-align:left;margin-bottom:8px;font:inherit}
.account:hover{background:#f8fafd}.account small{display:block;color:#5f6368}
.avatar{flex:none;width:36px;height:36px;border-radius:50%;background:#4f46e5;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600}
label{display:block;font-size:14px;font-weight:500;margin:14px 0 6px}
input[type=email],input[type=text]{width:100%;padding:12px 14px;border:1px solid #747775;border-radius:8px;font:inherit}
input:focus{outline:2px solid #0b57d0;border-color:transparent}
.submit{margin-top:20px;width:100%;padding:12px;border:0;border-radius:999px;background:#0b57d0;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.submit:hover{background:#0a4ab5}.or{margin:20px 0 4px;color:#5f6368;font-size:14px}.err{color:#b3261e;font-size:14px;margin-top:8px}
.note{margin-top:20px;font-size:12px;color:#5f6368}
</style></head><body><main>
<div class="brand"><b>G</b><b>o</b><b>o</b><b>g</b><b>l</b><b>e</b><span class="tag">Local emulator</span></div>
<h1>Sign in</h1><p class="sub">to continue to Payloft</p>
${picks ? `${picks}<p class="or">Or use another account</p>` : ""}
<form method="post" action="${esc(opts.base)}/authorize">${hidden}
  <label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email" placeholder="you@example.com" value="${esc(q.email ?? "")}">
  <label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" placeholder="Your name" value="${esc(q.name ?? "")}">
  ${error ? `<p class="err" role="alert">${esc(error)}</p>` : ""}
  <button type="submit" class="submit">Sign in</button>
</form>
<p class="note">This page stands in for Google on your machine. No password is needed and nothing leaves this computer.</p>
</main></body></html>`;
  }

  const text = (status: number, body: string) =>
    new Response(body, { status, headers: { "content-type": "text/plain" } });
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });

  /** Handles requests under the emulator's base path; the caller routes them here. */
  return async function fetch(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.replace(new URL(opts.base).pathname, "");
    if (path === "/authorize" && req.method === "GET") {
      const q = Object.fromEntries(new URL(req.url).searchParams);
      if (q.client_id !== opts.clientId) return text(400, "Unknown client_id");
      return html(page(q));
    }
    if (path === "/authorize" && req.method === "POST") return authorizeForm(req);
    if (path === "/token" && req.method === "POST") return token(req);
    return text(404, "Not found");
  };
}
