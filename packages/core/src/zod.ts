import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

/**
 * zod/mini for the request-path schemas: classic zod cannot be tree-shaken (every schema carries
 * all its methods), and one classic import brings all of it into a Lambda bundle. zod/mini sets
 * no locale by itself (classic installs English on its first schema), so rules that rely on
 * zod's default messages would answer "Invalid input"; English is configured here, once, for
 * every module that takes its schemas from this one.
 */
z.config(en());

export { z };
