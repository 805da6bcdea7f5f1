import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startStack } from "./stack";

/** `npm start`: the whole product on http://localhost:$PORT (default 3000). */
const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const stack = await startStack({
    port,
    dataDir: process.env.PAYLOFT_DATA_DIR ?? join(root, ".local/dynamodb"),
    seed: process.env.SEED !== "0",
  });
  console.log(`\n  Payloft is running\n`);
  console.log(`  App         ${stack.url}`);
  console.log(`  API health  ${stack.url}/api/health`);
  console.log(`  Outbox      ${stack.url}/__outbox`);
  console.log(`\n  Press Ctrl-C to stop.\n`);
  const stop = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: Error) => {
  console.error(`\n  Could not start: ${err.message}\n`);
  process.exit(1);
});
