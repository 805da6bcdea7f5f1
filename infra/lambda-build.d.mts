import type { BuildOptions } from "esbuild";

export declare const lambdaBuild: BuildOptions;
/** Every Lambda SST builds: its name and entry file. */
export declare function lambdaFunctions(): Promise<{ name: string; entry: string }[]>;
