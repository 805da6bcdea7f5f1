import { ABANDONED_UPLOAD_DAYS, UPLOAD_TAG } from "../packages/core/src/files/types";

/**
 * Hosted product files: a private bucket (no public access of any kind, HTTPS only, the SST
 * default), encrypted at rest with S3-managed keys, that browsers on the site may POST
 * uploads to (CORS, infra/web.ts) through presigned policies. Buyers never read it directly: an access
 * link hands them a presigned GET that lives minutes. Linked only to the routes that
 * presign or check files.
 */
export const files = new sst.aws.Bucket("Files", {
  // CORS for the site's origin is set in infra/web.ts, where the site's URL is known (the
  // router's CSP names this bucket, so this file cannot import the router).
  cors: false,
  transform: {
    // SST already blocks every kind of public access; stated here so no later change can relax it.
    publicAccessBlock: {
      blockPublicAcls: true,
      ignorePublicAcls: true,
      blockPublicPolicy: true,
      restrictPublicBuckets: true,
    },
  },
});

new aws.s3.BucketServerSideEncryptionConfiguration("FilesEncryption", {
  bucket: files.name,
  rules: [{ applyServerSideEncryptionByDefault: { sseAlgorithm: "AES256" }, bucketKeyEnabled: true }],
});

// Uploads arrive tagged pending and are retagged attached when a product is saved with them;
// a file a creator uploaded but never saved is deleted after ABANDONED_UPLOAD_DAYS. (A rule by
// tag, which SST's lifecycle argument, prefix-only, cannot express.)
new aws.s3.BucketLifecycleConfiguration("FilesLifecycle", {
  bucket: files.name,
  rules: [
    {
      id: "abandoned-uploads",
      status: "Enabled",
      filter: { tag: { key: UPLOAD_TAG.key, value: UPLOAD_TAG.pending } },
      expiration: { days: ABANDONED_UPLOAD_DAYS },
    },
  ],
});
