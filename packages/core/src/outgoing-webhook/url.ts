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
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["::ffff:0:0", 96], // IPv4-mapped: judged by the IPv4 address inside
  ["64:ff9b::", 96], // NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (AWS's IPv6 metadata address fd00:ec2::254 is in here)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(net, bits, "ipv6");

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export interface UrlRules {
  /** The offline runtime: http to loopback addresses is allowed (a receiver on this machine). */
  allowLoopback: boolean;
}

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** Null when `address` may be connected to, else why not. */
export function refusedAddress(address: string, rules: UrlRules): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (rules.allowLoopback && LOOPBACK.check(ip, family(ip))) return null;
  return blocked.check(ip, family(ip)) ? `${address} is a private or reserved address` : null;
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

const isLoopback = (address: string) => {
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return LOOPBACK.check(ip, family(ip));
};

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
