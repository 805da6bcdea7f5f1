import { describe, expect, it } from "vitest";
import { routes, routeKey } from "@payloft/functions/routes";
import { call, useStack } from "../src/testing/index";
import { signIn } from "../src/testing/auth";

/**
 * Security headers read off the local runtime (the same values CloudFront's policy is built
 * from, infra/router.ts): pages carry the CSP with frame-ancestors 'none' (the overlay path
 * excepted), nosniff and Referrer-Policy; every /api answer, error or not, is nosniff with
 * a CSP that allows nothing. CloudFront's policy and its overlay exception, built from the same
 * values, are checked on the deploy program in infra.test.ts.
 */
const stack = useStack();
const page = (path: string) => fetch(`${stack().url}${path}`);

describe("pages", () => {
  it.each(["/", "/product/abc", "/dashboard", "/favicon.svg"])("%s", async (path) => {
    const res = await page(path);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // HSTS belongs to the deployed https site only; on http://localhost it would be ignored.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("pages may send to the hosted-files bucket (the product dialog's uploads) and nowhere else", async () => {
    const csp = (await page("/dashboard")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`connect-src 'self' ${stack().s3.url};`);
  });

  it("the overlay path is the one page other sites may frame", async () => {
    const res = await page("/overlay/some-product");
    expect(res.headers.get("content-security-policy")).toMatch(/frame-ancestors \*/);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'(;|$)/);
  });
});

describe("every /api answer", () => {
  it.each(routes.map((r) => [routeKey(r), r] as const))("%s", async (_key, r) => {
    const res = await call(stack(), r.method, r.path.replace(/\{(\w+)\}/g, "x1"), {
      body: r.method === "GET" ? undefined : {},
    });
    expect(res.headers.get("x-content-type-options"), `${r.method} ${r.path} → ${res.status}`).toBe("nosniff");
    const csp = res.headers.get("content-security-policy");
    // The access link answers a small HTML page (why a link does not open): its own inline styles, nothing else.
    if (r.handler === "access-open")
      expect(csp).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    else expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("the gateway's own answers too (unknown path, wrong method)", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["GET", "/api/logout"],
    ]) {
      const res = await call(stack(), method!, path!);
      expect([404, 405]).toContain(res.status);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("a creator's embed", () => {
  it("is served as its own sandboxed document, framed only by our site", async () => {
    const cookie = await signIn(stack(), { email: "admin@demo.local", name: "Ada" });
    const html = "<p>Hello <b>embed</b></p><script>document.title='x'</script>";
    const created = await call(stack(), "POST", "/api/products", {
      cookie,
      body: {
        name: "Widget",
        price: "3",
        content_url: "https://e.example.com/w",
        media_type: "embed",
        media_url: html,
      },
    });
    expect(created.status).toBe(201);
    const res = await call(stack(), "GET", `/api/public/products/${created.json.id}/embed`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.text).toBe(html);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^sandbox allow-scripts allow-popups;/); // never allow-same-origin
    expect(csp).not.toMatch(/allow-same-origin/);
    expect(csp).toMatch(/frame-ancestors 'self'/);

    const image = await call(stack(), "POST", "/api/products", {
      cookie,
      body: { name: "Pic", price: "3", content_url: "https://e.example.com/p", media_type: "none" },
    });
    expect((await call(stack(), "GET", `/api/public/products/${image.json.id}/embed`)).status).toBe(404);
  });
});
