#!/usr/bin/env node
// `npm run screenshots`: builds the web app, starts the offline product with demo data on a free
// port and photographs every main screen (packages/e2e/src/screens.ts) as the person who uses it,
// at desktop (1280x800) and phone (390x844) widths, full page, into .screenshots/ (git-ignored).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, ".screenshots");
const pnpm = `pnpm@${JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1]}`;
process.env.LOG_LEVEL ??= "SILENT";
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

if (spawnSync("npx", ["--yes", pnpm, "--filter", "@payloft/web", "build"], { cwd: root, stdio: "inherit" }).status)
  process.exit(1);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const { MAIN_SCREENS, MORE_SCREENS, DESKTOP, PHONE, demoProductId, openScreen, signInContext } = await import(
  join(root, "packages/e2e/src/screens.ts")
);
const { launchChromium } = await import(join(root, "scripts/bench/lib.mjs"));
const { startStack } = await import(join(root, "packages/local/src/stack.ts"));
const stack = await startStack({ port: 0, dataDir: null, seed: true, quiet: true });
const browser = await launchChromium();
let failed = 0;
try {
  const productId = await demoProductId(stack.url);
  for (const screen of [...MAIN_SCREENS, ...MORE_SCREENS]) {
    for (const [width, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ]) {
      const context = await browser.newContext({ viewport, baseURL: stack.url });
      try {
        if (screen.viewer !== "visitor") await signInContext(context, stack.url, screen.viewer);
        const page = await context.newPage();
        await openScreen(page, screen, productId);
        const file = join(out, `${screen.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`  ✓ ${file.slice(root.length + 1)}`);
      } catch (err) {
        failed++;
        console.error(`  ✖ ${screen.name} at ${width} width: ${err.message.split("\n")[0]}`);
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
console.log(failed ? `\n✖ ${failed} screenshots failed` : `\n✓ Screenshots in .screenshots/`);
process.exit(failed ? 1 : 0);
