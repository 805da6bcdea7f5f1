/**
 * Demo data for `npm start` (SEED=0 turns it off) and the browser journeys: each concern
 * seeds its own part, in this order, idempotently (running it twice changes nothing).
 * A module in the list may not exist yet while its issue is being built.
 */
const steps = ["./settings", "./accounts", "./products", "./sales"] as const;

export async function seedDemoData() {
  for (const step of steps) {
    let mod: { seed?: () => Promise<void> };
    try {
      mod = await import(step);
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_MODULE_NOT_FOUND" || /Cannot find module|Failed to load url/.test(String(err))) continue;
      throw err;
    }
    await mod.seed?.();
  }
}
