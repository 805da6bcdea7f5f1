import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Demo data for `npm start` (SEED=0 turns it off) and the browser journeys: each concern
 * seeds its own part, in this order, idempotently (running it twice changes nothing).
 */
const steps = ["settings", "accounts", "products", "paypal", "sales", "affiliates"] as const;
const here = dirname(fileURLToPath(import.meta.url));

export async function seedDemoData() {
  for (const step of steps) {
    const file = join(here, `${step}.ts`);
    if (!existsSync(file)) continue; // that concern has no demo data yet
    const mod = (await import(pathToFileURL(file).href)) as { seed?: () => Promise<void> };
    await mod.seed?.();
  }
}
