import type { Plugin } from "esbuild";

export declare const skipElectroDbModelCheck: Plugin;
declare const plugins: Plugin[];
export default plugins;
