import { config, pipe, transform } from "zod/mini";
import type { $ZodPreprocess, $ZodType } from "zod/v4/core";
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

/**
 * Classic zod's `preprocess` for zod/mini, which has none: `fn` runs on the raw value, then
 * `schema` judges the result. At run time and in JSON Schema it is what classic builds (a pipe
 * from a transform into `schema`); the cast gives it classic's type, optional when `schema` is.
 */
export const preprocess = <S extends $ZodType>(fn: (value: unknown) => unknown, schema: S) =>
  pipe(transform(fn), schema) as unknown as $ZodPreprocess<S>;
