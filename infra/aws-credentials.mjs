// What `@aws-sdk/credential-provider-node` becomes in a Lambda bundle (infra/lambda-plugins.mjs).
//
// The SDK's default chain tries, in turn, the environment, SSO, the shared ini files, `aws login`,
// a credential process, web identity, the container and the instance metadata endpoints, and
// carries the STS, SSO and sign-in clients those need: ~110 KB of every bundle that builds an SDK
// client (DynamoDB, S3, SESv2, SQS), and their load at each cold start. A Lambda's role
// credentials are always in its environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
// AWS_SESSION_TOKEN), the first link of that chain and the one it always answers from there; the
// lean DynamoDB layer signs with the same variables (core/src/db/lean/http-signing.ts). Tests and
// the local runtime, unbundled, use the whole chain. packages/functions/test/lambda-bundles.test.ts
// signs a call with a bundled client and checks that no bundle carries the chain.

/** The SDK's `defaultProvider(init)`: a provider reading the Lambda's environment, like its `fromEnv()`. */
export function defaultProvider() {
  return async () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      const err = new Error(
        "A Lambda's AWS credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, which are not set",
      );
      err.name = "CredentialsProviderError";
      throw err;
    }
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
    const accountId = process.env.AWS_ACCOUNT_ID;
    return {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(expiry ? { expiration: new Date(expiry) } : {}),
      ...(accountId ? { accountId } : {}),
    };
  };
}
