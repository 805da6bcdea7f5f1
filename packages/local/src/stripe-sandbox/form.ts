/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies with qs-style nested keys
 * (`line_items[0][price_data][unit_amount]=900`, `expand[]=customer`). The stripe SDK encodes
 * them that way (utils.js stringifyRequestData); this turns them back into plain objects.
 * Values stay strings, as Stripe's own parser receives them; callers coerce.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  if (!body) return root;
  for (const pair of body.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? "" : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, " "));
    const value = decodeURIComponent(rawValue.replace(/\+/g, " "));
    assign(root, pathOf(key), value);
  }
  return arrayify(root) as FormObject;
}

/** `a[b][0][c]` -> ["a", "b", "0", "c"]; `a[]` -> ["a", ""] (append). */
function pathOf(key: string): string[] {
  const first = key.indexOf("[");
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first)))) parts.push(m[1]!);
  return parts;
}

function assign(target: Record<string, unknown>, path: string[], value: string) {
  let node = target;
  path.forEach((part, i) => {
    const last = i === path.length - 1;
    // `[]` appends: give it the next free numeric index so arrayify() keeps the order.
    const key = part === "" ? String(Object.keys(node).length) : part;
    if (last) node[key] = value;
    else node = (node[key] ??= {}) as Record<string, unknown>;
  });
}

/** Objects whose keys are exactly 0..n-1 become arrays (qs's indexed array format). */
function arrayify(value: unknown): FormValue {
  if (typeof value !== "object" || value === null) return value as FormValue;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  const converted = Object.fromEntries(keys.map((k) => [k, arrayify(obj[k])])) as Record<string, FormValue>;
  const numeric = keys.length > 0 && keys.every((k) => /^\d+$/.test(k));
  if (!numeric) return converted;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((k) => converted[String(k)]!);
}

/** Small coercions with Stripe's own error messages, used by the API handlers. */
export const str = (v: FormValue | undefined) => (typeof v === "string" ? v : undefined);
export const obj = (v: FormValue | undefined): FormObject | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v : undefined;
export const list = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : v === undefined ? [] : [v];
export const bool = (v: FormValue | undefined) => (v === "true" ? true : v === "false" ? false : undefined);
export function int(v: FormValue | undefined): number | undefined {
  if (typeof v !== "string" || v === "") return undefined;
  return /^-?\d+$/.test(v) ? Number(v) : NaN;
}
/** metadata[key]=value -> { key: value }; an empty value unsets the key (Stripe semantics). */
export function metadataOf(v: FormValue | undefined, base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  for (const [k, val] of Object.entries(obj(v) ?? {})) {
    if (typeof val !== "string") continue;
    if (val === "") delete out[k];
    else out[k] = val;
  }
  return out;
}
