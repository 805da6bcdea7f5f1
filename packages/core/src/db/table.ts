/**
 * The one DynamoDB table's key schema. infra/storage.ts declares it for AWS and the
 * local runtime creates it from the same object, so the two can never drift.
 * Index names describe key shapes; entities document which access pattern uses which.
 */
export const tableKeys = {
  fields: ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk"] as const,
  primary: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: {
    gsi1: { hashKey: "gsi1pk", rangeKey: "gsi1sk" },
    gsi2: { hashKey: "gsi2pk", rangeKey: "gsi2sk" },
    gsi3: { hashKey: "gsi3pk", rangeKey: "gsi3sk" },
  },
} as const;

export type GlobalIndexName = keyof typeof tableKeys.globalIndexes;
