import { randomBytes } from "node:crypto";

/**
 * Licence keys: 20 characters of Crockford's base32 (no I, L, O or U, so nothing reads as
 * another letter), 100 random bits, written in four groups of five for reading aloud or
 * typing: `7KQ2M-XR4TB-9HC3W-PZ8NE`.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 20;
const GROUP = 5;

export function newLicenseKey(): string {
  const bytes = randomBytes(LENGTH);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]!).join("");
  return group(chars);
}

const group = (chars: string) => chars.match(new RegExp(`.{1,${GROUP}}`, "g"))!.join("-");

/**
 * A key as a person may type or paste it (lower case, spaces, no dashes, O for 0, I/L for 1)
 * in its stored form, or null when it cannot be a key at all.
 */
export function normalizeLicenseKey(input: string): string | null {
  const chars = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (chars.length !== LENGTH || [...chars].some((c) => !ALPHABET.includes(c))) return null;
  return group(chars);
}
