import { S3Client } from "@aws-sdk/client-s3";
import { Resource } from "sst";

/**
 * One S3 client per process for the private files bucket. Locally `S3_ENDPOINT` points it at
 * the offline runtime's S3 (path-style, with that start's credentials); in AWS it is unset
 * and the SDK uses the Lambda's region and role, so presigned URLs are signed by the role.
 */
let client: S3Client | undefined;

export function s3(): S3Client {
  client ??= new S3Client(
    process.env.S3_ENDPOINT
      ? {
          endpoint: process.env.S3_ENDPOINT,
          forcePathStyle: true,
          region: process.env.AWS_REGION ?? "local",
          credentials: {
            accessKeyId: process.env.S3_ACCESS_KEY_ID ?? "",
            secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? "",
          },
        }
      : {},
  );
  return client;
}

export const bucketName = () => Resource.Files.name;
