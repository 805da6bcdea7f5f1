import { describe, expect, it } from "vitest";
import { checkEndpointUrl, refusedAddress } from "../src/outgoing-webhook/url";

// The rules a deployed stage uses (no loopback). Literal addresses need no DNS, so every case
// here is exactly what production decides, for accepted addresses as well as refused ones.
const deployed = { allowLoopback: false };
const offline = { allowLoopback: true };

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "::ffff:8.8.8.8", // IPv4-mapped, dotted
  "::ffff:808:808", // the same, as the URL parser writes it
  "::FFFF:1.1.1.1",
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "2a00:1450:4001:80b::200e",
];

const PRIVATE = [
  "10.0.0.7",
  "127.0.0.1",
  "169.254.169.254",
  "172.20.0.1",
  "192.168.1.20",
  "100.64.0.9",
  "0.0.0.0",
  "224.0.0.1",
  "255.255.255.255",
  "::ffff:10.0.0.1", // mapped forms are judged by the IPv4 address inside
  "::ffff:a9fe:a9fe",
  "::ffff:127.0.0.1",
  "::",
  "::1",
  "::a9fe:a9fe", // IPv4-compatible 169.254.169.254
  "::169.254.169.254",
  "::ffff:0:a9fe:a9fe", // IPv4-translated
  "64:ff9b::a9fe:a9fe", // NAT64
  "64:ff9b::8.8.8.8",
  "64:ff9b:1::a9fe:a9fe", // local-use NAT64
  "2002:a9fe:a9fe::1", // 6to4
  "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
  "2001:db8::1",
  "fec0::1", // site-local
  "fd00:ec2::254", // AWS's IPv6 metadata address
  "fe80::1",
  "ff02::1",
  "100::1",
];

describe("outgoing webhook addresses (production rules)", () => {
  it.each(PUBLIC)("accepts the public address %s", (address) => {
    expect(refusedAddress(address, deployed)).toBeNull();
  });

  it.each(PRIVATE)("refuses %s", (address) => {
    expect(refusedAddress(address, deployed)).toMatch(/private or reserved/);
  });

  it("accepts public IPv4, IPv6 and mapped literals in an endpoint URL", async () => {
    for (const url of [
      "https://8.8.8.8/hook",
      "https://[2606:4700:4700::1111]/hook",
      "https://[::ffff:8.8.8.8]/hook",
      "https://1.1.1.1:8443/payloft",
    ])
      await expect(checkEndpointUrl(url, deployed)).resolves.toBe(url.replace("[::ffff:8.8.8.8]", "[::ffff:808:808]"));
  });

  it("refuses private literals in every spelling the URL parser accepts", async () => {
    for (const url of [
      "https://[::ffff:169.254.169.254]/",
      "https://[::169.254.169.254]/",
      "https://[64:ff9b::10.0.0.1]/",
      "https://[2002:c0a8:101::1]/",
      "https://[fec0::1]/",
      "https://0x7f.1/", // 127.0.0.1
      "https://2852039166/", // 169.254.169.254 as one number
    ])
      await expect(checkEndpointUrl(url, deployed), url).rejects.toThrow(/private or reserved address/);
  });

  it("offline allows loopback only, in each of its forms", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1"])
      expect(refusedAddress(address, offline), address).toBeNull();
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "169.254.169.254"])
      expect(refusedAddress(address, offline), address).toMatch(/private or reserved/);
    expect(refusedAddress("8.8.8.8", offline)).toBeNull();
  });
});
