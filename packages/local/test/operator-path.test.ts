import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Resource } from "sst";
import { settingProblems } from "@payloft/core/config/check";
import { STAGE_ENV, runInfra } from "../src/testing/infra";

/**
 * The operator's path (README, "Deploying to a fresh AWS account"), checked against the
 * program it deploys where that can be done offline. SST refuses to deploy while a secret with
 * no placeholder is unset, so the secrets the README sets before the first deploy must be
 * exactly those; the ones that need an address the deploy prints have placeholders, which the
 * startup check refuses. Every `sst` command reads PAYLOFT_REGION (SST keeps a stage's state
 * and secrets in that region), so the README exports it before its first command, and the
 * operator commands under `sst shell` use that region, not the profile's.
 */
const root = join(__dirname, "../../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const TITLE = "## Deploying to a fresh AWS account";

/** The section's shell lines (inside ```sh blocks), comments dropped, in order. */
function sectionCommands(): string[] {
  const start = readme.indexOf(TITLE);
  expect(start, `README has a section "${TITLE}"`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf("\n## ", start + TITLE.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  return blocks
    .flatMap((b) => b.split("\n"))
    .map((l) => l.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);
}

const secretSet = (line: string) => /^npx sst secret set (\w+) /.exec(line)?.[1];

async function declaredSecrets() {
  const program = await runInfra({ env: STAGE_ENV });
  return program.all("sst.Secret").map((s) => ({
    name: s.name,
    // new sst.Secret(name, placeholder): the stand-in records the second argument as args.
    placeholder: typeof s.args === "string" ? (s.args as string) : undefined,
  }));
}

describe("deploying to a fresh account, top to bottom", () => {
  it("the first deploy is preceded by exactly the secrets SST cannot deploy without", async () => {
    const secrets = await declaredSecrets();
    const lines = sectionCommands();
    const deploys = lines.flatMap((l, i) => (l.startsWith("npx sst deploy") ? [i] : []));
    expect(deploys.length, "a first deploy, and one after the placeholders are replaced").toBe(2);
    const before = lines.slice(0, deploys[0]).map(secretSet).filter(Boolean);
    const between = lines.slice(deploys[0], deploys[1]).map(secretSet).filter(Boolean);
    const required = secrets.filter((s) => s.placeholder === undefined).map((s) => s.name);
    expect(before.sort()).toEqual(required.sort());
    // What only exists after the first deploy: set then, before the second.
    const later = secrets.filter((s) => s.placeholder).map((s) => s.name);
    expect(later.sort()).toEqual(["GoogleClientId", "GoogleClientSecret", "StripeWebhookSecret"]);
    expect(between.sort()).toEqual(later.sort());
  });

  it("the region is exported before any sst command, and every command names its stage", () => {
    const lines = sectionCommands();
    const firstSst = lines.findIndex((l) => l.startsWith("npx sst "));
    const region = lines.findIndex((l) => /^export PAYLOFT_REGION=\S+/.test(l));
    expect(region).toBeGreaterThanOrEqual(0);
    expect(region).toBeLessThan(firstSst);
    expect(lines.some((l) => /^export PAYLOFT_PRODUCTION=[01]$/.test(l))).toBe(true);
    const sstCommands = [...readme.matchAll(/npx sst (secret set|deploy|remove|shell)\b[^\n`]*/g)].map((m) => m[0]);
    expect(sstCommands.length).toBeGreaterThan(10);
    for (const command of sstCommands) expect(command).toMatch(/--stage \S+/);
  });

  it("no documented command waits for input: an empty secret value makes `sst secret set` prompt", () => {
    const docs = readdirSync(join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => readFileSync(join(root, "docs", f), "utf8"));
    for (const text of [readme, ...docs]) expect(text).not.toMatch(/sst secret set \w+ (""|'')/);
  });
});

describe("a placeholder is not a value", () => {
  const resources = Resource as unknown as Record<string, unknown>;
  const saved = new Map<string, unknown>();
  /** Whether this process has `name` (no stack runs here: reading a missing one throws). */
  const has = (name: string) => {
    try {
      return resources[name] !== undefined;
    } catch {
      return false;
    }
  };
  afterEach(() => {
    for (const [name, value] of saved) Reflect.set(resources, name, value);
    saved.clear();
  });

  it("the startup check refuses each placeholder, so nothing is verified against a known value", async () => {
    const placeheld = (await declaredSecrets()).filter((s) => s.placeholder);
    expect(placeheld.length).toBe(3);
    for (const { name, placeholder } of placeheld) {
      saved.set(name, has(name) ? resources[name] : undefined);
      Reflect.set(resources, name, { value: placeholder });
      expect(settingProblems([name]).filter((p) => p.startsWith(name))).toEqual([
        expect.stringMatching(new RegExp(`^${name} is not valid: npx sst secret set ${name} `)),
      ]);
    }
  });
});

describe("operator commands against a stage", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ["SST_RESOURCE_Table", "PAYLOFT_REGION", "AWS_REGION"]) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("work in the stage's region (PAYLOFT_REGION), not the profile's", async () => {
    process.env.SST_RESOURCE_Table = JSON.stringify({ name: "payloft-production-Table" });
    process.env.PAYLOFT_REGION = "eu-west-1";
    process.env.AWS_REGION = "us-east-1"; // what the operator's profile says
    const { opsEnv } = await import("../src/ops/env");
    const env = await opsEnv({ database: false });
    expect(env.local).toBe(false);
    expect(process.env.AWS_REGION).toBe("eu-west-1");
    expect(env.where).toBe("table payloft-production-Table (eu-west-1)");
  });
});
