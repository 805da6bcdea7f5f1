import { isIPv4, isIPv6 } from "node:net";

/**
 * Who a caller is, for every per-address limit (the route table's rate limits, a discount code's
 * uses in a buyer's unpaid checkouts): their network rather than the literal address. An IPv6 subscriber is given a
 * whole /64 (often more) and picks any interface identifier in it, so counting the full address
 * would give each of them 2^64 separate limits: the /64 is the unit. An IPv4 address written as
 * IPv6 (`::ffff:198.51.100.7`, `::ffff:c633:6407`) is that IPv4 address. Anything else (no
 * address we can read) is kept as given.
 */
export function callerNetwork(address: string): string {
  const a = address.trim();
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return a;
  const groups = expand(a);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail filled in). */
function expand(address: string): number[] {
  let text = address.toLowerCase().split("%")[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [b1, b2, b3, b4] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
