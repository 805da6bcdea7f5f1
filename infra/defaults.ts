/**
 * Defaults for every Lambda of the app (API routes, bus subscribers, the auth issuer).
 * Imported before any component is created, because $transform only affects later ones.
 * nodejs22.x: SST's default is nodejs24.x and Lambda's Node 20 runtime is deprecated.
 */
$transform(sst.aws.Function, (args) => {
  args.runtime ??= "nodejs22.x";
  args.architecture ??= "arm64";
  args.memory ??= "512 MB";
  args.timeout ??= "20 seconds";
  args.logging ??= { retention: $app.stage === "production" ? "3 months" : "1 week" };
});
export {};
