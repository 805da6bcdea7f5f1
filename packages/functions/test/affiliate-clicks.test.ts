import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeAffiliate, signInSellingCreator, signInWithRole, type Person } from "./actors";

/**
 * Clicks on an affiliate's links (/r/{code} and ?ref= on the creator's pages): a person following
 * the link counts once per half hour, a crawler, a link preview or a browser's prefetch not at
 * all; the figures fold counts each click item on the affiliate's counter, which their area shows.
 */
const dist = mkdtempSync(join(tmpdir(), "payloft-clicks-"));
const SHELL = `<!doctype html><html lang="en"><head><title>Payloft</title></head><body><div id="root"></div></body></html>`;
writeFileSync(join(dist, "index.html"), SHELL);
mkdirSync(join(dist, "pages"));
for (const page of ["product", "overlay", "store"]) writeFileSync(join(dist, "pages", `${page}.html`), SHELL);
const stack = useStack({ webDist: dist });

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36";
let sam: Person;
let ivy: Person;
let code = "";
let productId = "";

beforeAll(async () => {
  sam = await signInSellingCreator(stack(), "sam.clicks@example.com");
  ivy = await signInWithRole(stack(), "ivy.clicks@example.com", "customer");
  const made = await call(stack(), "POST", "/api/products", {
    cookie: sam.cookie,
    body: { name: "Kit", price: "20.00", content_url: "https://files.example.com/kit.zip", media_type: "none" },
  });
  productId = made.json.id;
  code = (await makeAffiliate(stack(), sam, ivy, 10)).code;
});

afterEach(() => {
  vi.useRealTimers();
});

/** Follows `path` as a browser with `jar` would; answers the jar after it. */
async function follow(path: string, jar = "", headers: Record<string, string> = {}) {
  const res = await fetch(`${stack().url}${path}`, {
    headers: { "user-agent": BROWSER, ...(jar ? { cookie: jar } : {}), ...headers },
    redirect: "manual",
  });
  expect([200, 302], path).toContain(res.status);
  const set = res.headers.get("set-cookie");
  return set ? set.split(";")[0]! : jar;
}

const clicks = async () => {
  await stack().settled();
  const programs = (await call(stack(), "GET", "/api/affiliate/programs", { cookie: ivy.cookie })).json.programs;
  return programs.find((p: { creator: { id: string } }) => p.creator.id === sam.id).clicks as number;
};

describe("clicks on an affiliate's links", () => {
  it("count a person once per half hour, on /r/{code} and ?ref=, and never a crawler or a prefetch", async () => {
    expect(await clicks()).toBe(0);
    const jar = await follow(`/r/${code}`);
    expect(await clicks()).toBe(1);
    // The same visitor again (a reload, the back button): still one.
    await follow(`/r/${code}?product=${productId}`, jar);
    await follow(`/product/${productId}?ref=${code}`, jar);
    expect(await clicks()).toBe(1);
    // Someone else, by the link and by ?ref=.
    await follow(`/r/${code}`);
    await follow(`/product/${productId}?ref=${code}`);
    expect(await clicks()).toBe(3);
    // A prefetch, a link preview, a client without a User-Agent: not people clicking.
    await follow(`/r/${code}`, "", { "sec-purpose": "prefetch" });
    await follow(`/product/${productId}?ref=${code}`, "", { purpose: "prefetch" });
    await follow(`/r/${code}`, "", { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" });
    await follow(`/r/${code}`, "", { "user-agent": "facebookexternalhit/1.1" });
    await follow(`/r/${code}`, "", { "user-agent": "" });
    expect(await clicks()).toBe(3);
    // Half an hour later the first visitor's click counts again.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    await follow(`/r/${code}`, jar);
    vi.useRealTimers();
    expect(await clicks()).toBe(4);
  });

  it("the creator's list shows each affiliate's clicks", async () => {
    const list = (await call(stack(), "GET", "/api/affiliates", { cookie: sam.cookie })).json.affiliates;
    expect(list.find((a: { email: string }) => a.email === ivy.email)).toMatchObject({ clicks: 4 });
  });
});
