import type { Plugin } from "esbuild";

export declare const STRIPE_RESOURCES: string[];
export declare function clientResources(source: string, file?: string): Map<string, string>;
export declare function keepStripeResources(source: string, keep?: string[], file?: string): string;
export declare const keepUsedStripeResources: Plugin;
