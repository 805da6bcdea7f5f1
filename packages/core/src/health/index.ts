import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { dynamo, tableName } from "../db/client";
import { UnavailableError } from "../errors";

export namespace Health {
  /** Proves the table answers; a fault becomes a 503 the caller can act on. */
  export async function check() {
    try {
      const out = await dynamo().send(new DescribeTableCommand({ TableName: tableName() }));
      if (out.Table?.TableStatus !== "ACTIVE") throw new Error(`table ${out.Table?.TableStatus}`);
    } catch (err) {
      throw new UnavailableError(
        "The database is not reachable. Please try again shortly.",
        "health.database_unavailable",
      );
    }
    return { status: "ok" as const };
  }
}
