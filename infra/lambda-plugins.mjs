// esbuild plugins for every Lambda bundle (SST's `nodejs.plugins`, set in infra/defaults.ts; the
// lambda build options, infra/lambda-build.mjs, carry the same list).
//
// ElectroDB checks each entity's model against a JSON schema, with the jsonschema package, when
// the entity is constructed. Our models are fixed in code, so the check can only fail on a change
// to an entity file, and every test run builds every entity with the real check
// (packages/core/test/model-validation.test.ts). In a Lambda it would cost 28 KB of bundle and its
// CPU at each entity's first use for an answer known at build time, so there ElectroDB gets a
// validator that reports no errors: a valid model behaves exactly the same.
//
// Stripe's client is built with only the API resources our code calls (infra/stripe-resources.mjs).
//
// The AWS SDK's clients take their credentials from the Lambda's environment, without the rest of
// the SDK's default chain (infra/aws-credentials.mjs).
import { fileURLToPath } from "node:url";
import { keepUsedStripeResources } from "./stripe-resources.mjs";

const acceptAllModels = fileURLToPath(new URL("./electrodb-model-check.cjs", import.meta.url));
const environmentCredentials = fileURLToPath(new URL("./aws-credentials.mjs", import.meta.url));

export const skipElectroDbModelCheck = {
  name: "skip-electrodb-model-check",
  setup(build) {
    build.onResolve({ filter: /^jsonschema$/ }, (args) =>
      /[\\/]electrodb[\\/]/.test(args.importer) ? { path: acceptAllModels } : undefined,
    );
  },
};

export const environmentCredentialsOnly = {
  name: "environment-credentials-only",
  setup(build) {
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({ path: environmentCredentials }));
  },
};

export default [skipElectroDbModelCheck, keepUsedStripeResources, environmentCredentialsOnly];
