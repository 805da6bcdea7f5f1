/**
 * Defaults for every Lambda of the app (API routes, bus subscribers, the auth issuer).
 * Imported before any component is created, because $transform only affects later ones.
 * nodejs22.x: SST's default is nodejs24.x and Lambda's Node 20 runtime is deprecated.
 */
import { protection, settings } from "./stage";

const XRAY_WRITE = { actions: ["xray:PutTraceSegments", "xray:PutTelemetryRecords"], resources: ["*"] };

$transform(sst.aws.Function, (args) => {
  args.runtime ??= "nodejs22.x";
  args.architecture ??= "arm64";
  args.memory ??= "512 MB";
  args.timeout ??= "20 seconds";
  args.logging ??= { retention: protection.logRetention };
  // The code's own view of the stage (Config.isProduction: live API keys), from the same setting.
  args.environment = $output(args.environment ?? {}).apply((env) => ({
    ...env,
    PAYLOFT_PRODUCTION: settings.production ? "1" : "0",
  }));
  // esbuild plugins of every bundle (ElectroDB's model check left to the tests): see the file.
  args.nodejs = $output(args.nodejs ?? {}).apply((nodejs) => ({ plugins: "./infra/lambda-plugins.mjs", ...nodejs }));
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
