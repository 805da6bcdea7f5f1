/**
 * DynamoDB Streams' API (DescribeStream, GetShardIterator, GetRecords) as DynamoDB Local
 * serves it on the same endpoint as the table, through the same local DynamoDB front. Requests
 * carry the local credentials in an Authorization header, which DynamoDB Local requires.
 */
export interface StreamRecord {
  eventID?: string;
  eventName?: string;
  dynamodb?: {
    SequenceNumber?: string;
    Keys?: Record<string, unknown>;
    NewImage?: Record<string, { S?: string } & Record<string, unknown>>;
    OldImage?: Record<string, unknown>;
  };
}

export interface Shard {
  ShardId: string;
  ParentShardId?: string;
  SequenceNumberRange?: { StartingSequenceNumber?: string; EndingSequenceNumber?: string };
}

export function streamsApi(endpoint: string) {
  // The fetch of the moment the stream starts: a test that stubs fetch to record what the code
  // under test sends (bus.test) must not catch, or answer, the stream's own polling.
  const send = globalThis.fetch;
  async function call<T>(
    service: "DynamoDB_20120810" | "DynamoDBStreams_20120810",
    op: string,
    body: unknown,
  ): Promise<T> {
    const res = await send(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": `${service}.${op}`,
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20260101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${op} answered ${res.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as T;
  }
  return {
    streamArn: async (table: string) =>
      (await call<{ Table: { LatestStreamArn?: string } }>("DynamoDB_20120810", "DescribeTable", { TableName: table }))
        .Table.LatestStreamArn,
    shards: async (arn: string) =>
      (
        await call<{ StreamDescription: { Shards: Shard[] } }>("DynamoDBStreams_20120810", "DescribeStream", {
          StreamArn: arn,
        })
      ).StreamDescription.Shards,
    iterator: async (arn: string, shard: string, after?: string) =>
      (
        await call<{ ShardIterator: string }>("DynamoDBStreams_20120810", "GetShardIterator", {
          StreamArn: arn,
          ShardId: shard,
          ...(after
            ? { ShardIteratorType: "AFTER_SEQUENCE_NUMBER", SequenceNumber: after }
            : { ShardIteratorType: "TRIM_HORIZON" }),
        })
      ).ShardIterator,
    records: (iterator: string, limit: number) =>
      call<{ Records: StreamRecord[]; NextShardIterator?: string }>("DynamoDBStreams_20120810", "GetRecords", {
        ShardIterator: iterator,
        Limit: limit,
      }),
  };
}
