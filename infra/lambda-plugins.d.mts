import type { Plugin } from "esbuild";

export declare const skipElectroDbModelCheck: Plugin;
export declare const environmentCredentialsOnly: Plugin;
declare const plugins: Plugin[];
export default plugins;
