import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../src/browser";
import { DESKTOP, PHONE, demoProductId } from "../src/screens";

/**
 * A signed-out visitor's browser console stays clean on the public pages: the start-up session
 * check answers 200 `{user: null}` instead of a 401 the browser would log as a failed resource,
 * and nothing else on the page fails. Errors and failed responses are both collected.
 */
const b = useBrowser();
let productId = "";
beforeAll(async () => {
  productId = await demoProductId(b.baseUrl());
});

function listen(page: Page) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

describe("a signed-out visitor's console", () => {
  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`the landing page and a sales page log no errors at ${width} width`, async () => {
      const { page, context } = await b.newPage({ viewport });
      const problems = listen(page);
      const me = page.waitForResponse((r) => r.url().endsWith("/api/users/me"));
      await page.goto("/");
      expect((await me).status()).toBe(200);
      await page.getByRole("button", { name: "Sign In" }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await page.goto(`/product/${productId}`);
      await page
        .getByRole("button", { name: /Buy Now/ })
        .first()
        .waitFor();
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
