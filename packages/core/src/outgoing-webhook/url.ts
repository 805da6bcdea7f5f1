import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { promisify } from "node:util";
import { ValidationError } from "../errors";

/**
 * Where Payloft may send a creator's webhooks. A URL someone else typed makes our servers
 * open a connection, so it must not reach our own network: https only, and every address the
 * name resolves to must be public (no loopback, private, link-local, cloud metadata, CGNAT,
 * multicast or reserved ranges). The check runs when the endpoint is saved and again on
 * every connection (`safeLookup`), so a name that later resolves inward (DNS rebinding) is
 * refused too. The offline runtime may use http://localhost, for a receiver on the same machine.
 *
 * IPv4 and IPv6 rules live in separate lists on purpose: Node's BlockList matches an IPv4
 * address against IPv6 rules through its mapped form, so `::ffff:0:0/96` in the same list as
 * the IPv4 rules refused every IPv4 host. An IPv4-mapped address (`::ffff:8.8.8.8`, written
 * either way) is judged as the IPv4 address inside it, and nothing else crosses between lists.
 */
const BLOCKED_V4 = subnets("ipv4", [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
]);

/**
 * IPv6 may reach only global unicast (2000::/3). That alone refuses the unspecified and
 * loopback addresses, IPv4-compatible (`::a9fe:a9fe`) and IPv4-translated forms, NAT64
 * (`64:ff9b::/96`, `64:ff9b:1::/48`), discard, unique local (AWS's metadata fd00:ec2::254),
 * link-local, site-local (`fec0::/10`) and multicast. Inside 2000::/3 these are refused too:
 * forms that tunnel to an IPv4 address we would not otherwise reach, and documentation.
 */
const GLOBAL_V6 = subnets("ipv6", [["2000::", 3]]);
const BLOCKED_V6 = subnets("ipv6", [
  ["2001::", 23], // IETF protocol assignments: Teredo (2001::/32 embeds an IPv4 address), benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds an IPv4 address
  ["3fff::", 20], // documentation
]);

const LOOPBACK_V4 = subnets("ipv4", [["127.0.0.0", 8]]);

function subnets(type: "ipv4" | "ipv6", nets: [string, number][]): BlockList {
  const list = new BlockList();
  for (const [net, bits] of nets) list.addSubnet(net, bits, type);
  return list;
}

export interface UrlRules {
  /** The offline runtime: http to loopback addresses is allowed (a receiver on this machine). */
  allowLoopback: boolean;
}

/**
 * The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, which the URL parser
 * writes `::ffff:xxxx:yyyy`), or the address itself. The URL parser is the canonical form.
 */
function unmapped(address: string): string {
  if (isIP(address) !== 6) return address;
  const canonical = new URL(`http://[${address.replace(/%.*$/, "")}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

const isLoopback = (address: string) => {
  const ip = unmapped(address);
  return isIP(ip) === 4 ? LOOPBACK_V4.check(ip, "ipv4") : ip === "::1";
};

/** Null when `address` may be connected to, else why not. */
export function refusedAddress(address: string, rules: UrlRules): string | null {
  const ip = unmapped(address);
  if (rules.allowLoopback && isLoopback(ip)) return null;
  const version = isIP(ip);
  if (version === 4) return BLOCKED_V4.check(ip, "ipv4") ? `${address} is a private or reserved address` : null;
  if (version === 6)
    return !GLOBAL_V6.check(ip, "ipv6") || BLOCKED_V6.check(ip, "ipv6")
      ? `${address} is a private or reserved address`
      : null;
  return `${address} is not an IP address`;
}

const resolveAll = promisify(dnsLookup) as unknown as (
  host: string,
  opts: { all: true; verbatim: true },
) => Promise<LookupAddress[]>;

const invalid = (message: string) => new ValidationError(message, "webhook.bad_url");

/** Checks an endpoint URL as typed, resolving its host; returns the normalised URL or a clear 400. */
export async function checkEndpointUrl(raw: string, rules: UrlRules): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid("Enter the full address of your endpoint, e.g. https://example.com/webhooks/payloft.");
  }
  if (url.username || url.password) throw invalid("The endpoint address must not contain a user name or password.");
  const https = "The endpoint must use https:// (http:// is allowed only for localhost while running locally).";
  if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid(https);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await resolve(host);
  for (const address of addresses) {
    if (refusedAddress(address, rules))
      throw invalid(
        `Webhooks can't be sent to ${host}: it resolves to a private or reserved address (${address}). Use a public https:// address.`,
      );
  }
  if (url.protocol === "http:" && !(rules.allowLoopback && addresses.every(isLoopback))) throw invalid(https);
  url.hash = "";
  return url.toString();
}

async function resolve(host: string): Promise<string[]> {
  try {
    const found = await resolveAll(host, { all: true, verbatim: true });
    if (!found.length) throw new Error("no addresses");
    return found.map((a) => a.address);
  } catch {
    throw invalid(`We couldn't find the host ${host}. Check the address and try again.`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that connects only to addresses `refusedAddress` allows:
 * the one check that holds at the moment of connecting, whatever the name resolved to before.
 */
export function safeLookup(rules: UrlRules) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const bad = addresses.map((a) => refusedAddress(a.address, rules)).find(Boolean);
      if (bad || !addresses.length) {
        const refusal = Object.assign(new Error(`refused: ${bad ?? "no address"}`), { code: "EREFUSEDADDR" });
        return callback(refusal, "");
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
