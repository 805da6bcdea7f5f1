import { Resource } from "sst";

/**
 * The one table's name, from the stage's linked resources. Its own module, apart from the SDK
 * client (client.ts): the lean layer needs the name without loading `@aws-sdk/client-dynamodb`.
 */
export function tableName(): string {
  return Resource.Table.name;
}
