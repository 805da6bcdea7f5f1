// How every Lambda of the app is built: the runtime and SST's `nodejs` options. One object, read
// by infra/defaults.ts (what SST deploys) and by infra/lambda-build.mjs (what the bench and the
// bundle tests build), so a figure measured here is the bundle a deploy ships.
//
// SST 4.17's Node builder (its Go `pkg/runtime/node/build.go`) bundles with esbuild, marks as
// external only `sharp`, `pg-native`, the `nodejs.install` packages and `nodejs.esbuild.external`,
// and minifies only when `nodejs.minify` is true (its docs say "default true", but nothing sets
// it: left out, a deploy ships unminified code). So both are stated here.

/** The Lambda runtime (SST's default is nodejs24.x; Lambda's Node 20 is deprecated). */
export const LAMBDA_RUNTIME = "nodejs22.x";

export const LAMBDA_NODEJS = {
  // esbuild plugins of every bundle, relative to sst.config.ts (see the file).
  plugins: "./infra/lambda-plugins.mjs",
  minify: true,
  esbuild: {
    // Nothing is left to the runtime: every Lambda carries what it imports, the AWS SDK's parts
    // included, at the versions in our lockfile that the tests run, never the SDK the runtime
    // happens to have (docs/decisions.md "Every Lambda carries its own dependencies").
    external: [],
    // A deploy runs production code: libraries that pick a build by NODE_ENV (react and
    // react-dom in the page Lambda, which bundled both their development and production builds,
    // ~580 KB) keep only the production one, the other branch being dead code to esbuild.
    define: { "process.env.NODE_ENV": '"production"' },
  },
  install: {},
};
