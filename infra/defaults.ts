/**
 * Defaults for every Lambda of the app (API routes, bus subscribers, the auth issuer).
 * Imported before any component is created, because $transform only affects later ones.
 * The runtime and how each Lambda is bundled come from infra/lambda-bundling.mjs, which the
 * bench and the bundle tests build with too (infra/lambda-build.mjs).
 */
import { LAMBDA_NODEJS, LAMBDA_RUNTIME } from "./lambda-bundling.mjs";
import { protection, settings } from "./stage";

const XRAY_WRITE = { actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"], resources: ["*"] };

$transform(sst.aws.Function, (args) => {
  args.runtime ??= LAMBDA_RUNTIME;
  args.architecture ??= "arm64";
  args.memory ??= "512 MB";
  args.timeout ??= "20 seconds";
  args.logging ??= { retention: protection.logRetention };
  // The code's own view of the stage (Config.isProduction: live API keys), from the same setting.
  args.environment = $output(args.environment ?? {}).apply((env) => ({
    ...env,
    PAYLOFT_PRODUCTION: settings.production ? "1" : "0",
  }));
  // Bundling, stated in full rather than left to SST's defaults: minified, our esbuild plugins,
  // and `esbuild.external` empty: every Lambda carries the AWS SDK code it uses, at the version
  // the tests run, instead of loading the runtime's (docs/decisions.md "Every Lambda carries its
  // own dependencies"). A function's own `nodejs` settings win.
  args.nodejs = $output(args.nodejs ?? {}).apply((nodejs) => ({
    ...LAMBDA_NODEJS,
    ...nodejs,
    esbuild: { ...LAMBDA_NODEJS.esbuild, ...nodejs.esbuild },
  }));
  // X-Ray traces every invocation (cold start, duration, errors) for the service map; the role
  // may only write traces. API Gateway HTTP APIs and CloudFront cannot trace, the Lambdas can.
  args.permissions = $output(args.permissions ?? []).apply((granted) => [...granted, XRAY_WRITE]);
  const prior = args.transform?.function;
  args.transform = {
    ...args.transform,
    function: (fn, opts, name) => {
      if (typeof prior === "function") prior(fn, opts, name);
      else if (prior) Object.assign(fn, prior);
      fn.tracingConfig = { mode: "Active" };
    },
  };
});
