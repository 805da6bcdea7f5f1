import type { BuildOptions } from "esbuild";

export declare const lambdaBuild: BuildOptions;
/** The Lambdas every sales page view and dashboard visit calls (150 KB, 50 ms cold init). */
export declare const HOT_LAMBDAS: string[];
/** Every Lambda SST builds: its name and entry file. */
export declare function lambdaFunctions(): Promise<{ name: string; entry: string }[]>;
