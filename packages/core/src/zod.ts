import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * English messages for the zod/mini schemas. The request-path schemas use zod/mini because
 * classic zod cannot be tree-shaken (every schema carries all its methods) and one classic
 * import brings all of it into a Lambda bundle. zod/mini sets no locale by itself (classic
 * installs English on its first schema), so a rule relying on zod's default message would say
 * "Invalid input"; every module with mini schemas imports this file for its effect. Modules
 * import `* as z from "zod/mini"` themselves: re-exporting the namespace as one object would
 * keep all of zod/mini (and every locale) in the bundle.
 */
config(en());
