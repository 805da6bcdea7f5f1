import type { BuildOptions } from "esbuild";

export declare const lambdaBuild: BuildOptions;
