import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { applyLocalEnv } from "../env";
import { startDynamoLocal, type DynamoLocal } from "../dynamo";
import { stageRegion } from "../../../../infra/settings";

/**
 * Where an operator command (npm run recount, npm run replay-dead-letters) works:
 * - a deployed stage, under `npx sst shell --stage <stage> -- npm run …` (SST puts the stage's
 *   resources in SST_RESOURCE_* and the AWS credentials in the environment);
 * - otherwise the offline product's data: DYNAMODB_ENDPOINT + PAYLOFT_TABLE when given (a running
 *   DynamoDB Local), else DynamoDB Local started here on the folder `npm start` keeps its data in.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

export interface OpsEnv {
  where: string;
  local: boolean;
  close(): Promise<void>;
}

export async function opsEnv(opts: { database?: boolean } = {}): Promise<OpsEnv> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  process.env.LOG_LEVEL ??= "WARN";
  if (process.env.SST_RESOURCE_Table) {
    const table = JSON.parse(process.env.SST_RESOURCE_Table) as { name: string };
    // The stage's own region, as sst.config.ts pins it (PAYLOFT_REGION, exported for `sst shell`
    // too), never the profile's: with another region the SDK would look for the table there.
    process.env.AWS_REGION = stageRegion();
    return {
      where: `table ${table.name} (${process.env.AWS_REGION})`,
      local: false,
      close: async () => {},
    };
  }
  let dynamo: DynamoLocal | undefined;
  const endpoint =
    process.env.DYNAMODB_ENDPOINT ??
    (opts.database === false ? "http://127.0.0.1:1" : undefined) ??
    (dynamo = await startDynamoLocal({ dataDir: process.env.PAYLOFT_DATA_DIR ?? join(root, ".local/dynamodb") }))
      .endpoint;
  const tableName = process.env.PAYLOFT_TABLE ?? "payloft-local";
  const site = process.env.SITE_URL ?? "http://localhost:3000";
  applyLocalEnv({
    siteUrl: site,
    dynamoEndpoint: endpoint,
    tableName,
    issuerUrl: "http://localhost:0",
    stripeApiUrl: "http://localhost:0",
    paypalApiUrl: "http://localhost:0",
    // The commands never reach hosted files; a bucket nobody serves keeps Resource reads whole.
    s3: {
      url: "http://localhost:0",
      bucket: "payloft-files-local",
      credentials: { accessKeyId: "", secretAccessKey: "" },
    },
  });
  return {
    where: `local table ${tableName} at ${endpoint}`,
    local: true,
    close: async () => void (await dynamo?.stop()),
  };
}

/** `--name value` from argv, or undefined. */
export const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
export const has = (name: string) => process.argv.includes(`--${name}`);
