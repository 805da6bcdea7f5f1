import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "../src/testing/index";
import { signInWithRole, type Person } from "../../functions/test/actors";

/**
 * Bad input the local runtime used to turn into 500s or a reset connection, answered the way
 * API Gateway does: a path it cannot decode is a 400, a body over the limit a 413 the client
 * actually receives. And names people type refuse characters that make them lie or break.
 */
const stack = useStack();
/** Lambda's synchronous invocation payload limit, which the local gateway applies. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;

describe("the local gateway answers like API Gateway", () => {
  it.each([
    ["PUT", "/api/products/%zz"],
    ["GET", "/api/public/products/%zz"],
    ["GET", "/api/public/products/%E0%A4"], // a truncated UTF-8 sequence
    ["DELETE", "/api/products/%ED%A0%80"], // an encoded lone surrogate
    ["GET", "/a/%"],
  ])("%s %s (a malformed escape) is a 400, not a 500", async (method, path) => {
    const res = await call(stack(), method, path);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("This address is not valid: it has a malformed %-escape.");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a body over the limit gets its 413, not a reset connection", async () => {
    const body = Buffer.alloc(MAX_BODY_BYTES + 1, 97);
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const req = request(
        `${stack().url}/api/products`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": body.length } },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error).toBe("The request is too large: at most 6 MB.");
    // The limit itself still lets a body of exactly the limit through to the handler (401: signed out).
    const atLimit = await call(stack(), "POST", "/api/products", { rawBody: "x".repeat(MAX_BODY_BYTES) });
    expect(atLimit.status).toBe(401);
  });
});

describe("names refuse control characters, bidi controls and lone surrogates", () => {
  let creator: Person;
  let customer: Person;
  beforeAll(async () => {
    creator = await signInWithRole(stack(), "names-creator@example.com", "creator");
    customer = await signInWithRole(stack(), "names-customer@example.com", "customer");
    const { UserEntity } = await import("@payloft/core/db/entities");
    await UserEntity.patch({ id: creator.id }).set({ plan: "business" }).go();
  });

  const BAD = [
    ["NUL", "Ann\u0000Admin"],
    ["CR/LF", "Ann\r\nBcc: all@example.com"],
    ["a right-to-left override", "Ann\u202Efdp.exe"],
    ["a bidi isolate", "Ann\u2066x\u2069"],
    ["a lone surrogate", "Ann\uD800"],
  ] as const;

  it.each(BAD)("profile, customer and API key names refuse %s", async (_what, name) => {
    const cases = [
      [creator, "POST", "/api/profile", "Your name"],
      [customer, "PUT", "/api/customer/profile", "Your name"],
      [creator, "POST", "/api/api-keys", "A key's name"],
    ] as const;
    for (const [who, method, path, what] of cases) {
      const res = await call(stack(), method, path, { cookie: who.cookie, body: { name } });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.json.error, `${method} ${path}`).toBe(
        `${what} can't contain line breaks, control characters or text-direction controls.`,
      );
    }
  });

  it("names in any script, with accents and emoji, are kept", async () => {
    for (const name of ["Zoë Ødegård", "محمد", "李小龍", "Ann 🎨"]) {
      const res = await call(stack(), "POST", "/api/profile", { cookie: creator.cookie, body: { name } });
      expect(res.status, name).toBe(200);
      expect(res.json.name).toBe(name);
    }
    const key = await call(stack(), "POST", "/api/api-keys", { cookie: creator.cookie, body: { name: "Zapier ✓" } });
    expect(key.status).toBe(201);
  });
});
