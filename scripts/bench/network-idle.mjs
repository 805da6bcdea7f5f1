// Every main screen, opened by the person who uses it, reaches network idle: no request is
// left hanging (an unread response body, a poll that never ends…). The screens are the ones the
// accessibility test and `npm run screenshots` use (packages/e2e/src/screens.ts).
import { join } from "node:path";
import { root, startBenchStack, budget, print, note, launchChromium, needWebBuild } from "./lib.mjs";

needWebBuild();
const { MAIN_SCREENS, DESKTOP, demoProductId, signInContext } = await import(join(root, "packages/e2e/src/screens.ts"));
const stack = await startBenchStack();
const browser = await launchChromium();
try {
  const productId = await demoProductId(stack.url);
  let hanging = 0;
  for (const screen of MAIN_SCREENS) {
    const context = await browser.newContext({ viewport: DESKTOP });
    if (screen.viewer !== "visitor") await signInContext(context, stack.url, screen.viewer);
    const page = await context.newPage();
    const open = new Map();
    page.on("request", (r) => open.set(r, r.url()));
    page.on("requestfinished", (r) => open.delete(r));
    page.on("requestfailed", (r) => open.delete(r));
    const started = performance.now();
    await page.goto(`${stack.url}${screen.path.replace("{product}", productId)}`);
    await page.getByText(screen.ready).first().waitFor({ timeout: 30_000 });
    const idle = await page
      .waitForLoadState("networkidle", { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    const ms = performance.now() - started;
    if (!idle) {
      hanging++;
      note(`${screen.name}: still open after 10 s: ${[...open.values()].join(", ")}`);
    } else note(`${screen.name} (${screen.viewer}): idle after ${Math.round(ms)} ms`);
    await context.close();
  }
  budget("screens with a request left hanging", hanging, 0, "pages");
  const ok = print(`Network idle on ${MAIN_SCREENS.length} main screens`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await stack.stop();
}
