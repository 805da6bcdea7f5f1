import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { viewerHeaders } from "@payloft/local/testing/auth";

/** Where journeys save screenshots (git-ignored). */
export const shotsDir = join(__dirname, "../../../.e2e/screenshots");

const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

let contexts = 0;
const nextAddress = () => `10.${process.pid % 250}.${Math.floor(++contexts / 250) % 250}.${contexts % 250}`;

const patched = new WeakSet<Page>();
/**
 * A server-rendered page (the sales, overlay and store pages) shows before React takes it over,
 * and a click that lands before that does nothing: every journey's goto waits for it.
 */
function waitForHydration(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const res = await goto(...args);
    await page.waitForFunction(
      () => !document.getElementById("page-data") || document.documentElement.dataset.hydrated === "true",
    );
    return res;
  };
}

/**
 * One headless Debian Chromium per test file. `browser().newContext()` gives a fresh,
 * cookie-less visitor; `baseUrl` is the local stack's origin.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  // Every journey doubles as a check of the pages' Content-Security-Policy: anything the
  // browser refuses under it (a script, a style, a frame) fails the file.
  const violations: string[] = [];
  const expected: RegExp[] = [];
  beforeAll(async () => {
    mkdirSync(shotsDir, { recursive: true });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args,
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join("\n")}`);
  });
  return {
    baseUrl: () => inject("baseUrl"),
    async newPage(
      opts: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      if (!browser) throw new Error("browser not started");
      const context = await browser.newContext({
        viewport: opts.viewport ?? { width: 1280, height: 860 },
        baseURL: inject("baseUrl"),
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
        // Each context is another person on another device: its own address for the per-address
        // limits (sign-in, checkout), sent as CloudFront forwards it (with the origin secret, or
        // the local gateway would use the connection's address). The suite shares one stack,
        // so on one address the journeys together would exhaust the sign-in limit.
        extraHTTPHeaders: viewerHeaders(nextAddress(), inject("originSecret")),
      });
      const page = await context.newPage();
      if (opts.javaScriptEnabled !== false) {
        waitForHydration(page);
        context.on("page", waitForHydration);
      }
      page.on("console", (msg) => {
        const text = msg.text();
        if (msg.type() === "error" && /Content Security Policy/i.test(text) && !expected.some((e) => e.test(text)))
          violations.push(`${page.url()}: ${text}`);
      });
      return { page, context };
    },
    /** A refusal the journey provokes on purpose (e.g. framing from another site). */
    expectViolation: (pattern: RegExp) => expected.push(pattern),
    shot: (page: Page, name: string) => page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true }),
  };
}

export const PHONE = { width: 390, height: 844 };
