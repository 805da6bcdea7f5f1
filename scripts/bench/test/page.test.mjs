// `npm run bench -- <name>` rewrites that benchmark's figures in docs/performance.md and
// keeps every other section exactly as it was, with its own time and load.
import { describe, expect, it } from "vitest";
import { readSections, renderSection, writeFigures } from "../page.mjs";

const names = ["api-latency", "dashboard-flat", "lighthouse"];
const machine = "Test CPU, 2 cores";
const figures = (title, at, load, value) => ({
  title,
  at,
  load,
  results: [{ name: "a measure", value, limit: 10, unit: "%", ok: value <= 10 }],
  notes: [`note of ${title}`],
});
const fullRun = () =>
  writeFigures("# Performance\n\nProse above the figures.\n", {
    names,
    machine,
    fresh: new Map(names.map((n, i) => [n, renderSection(figures(`Title ${n}`, `2026-11-2${i} 10:00 UTC`, i + 1, i))])),
  });

describe("docs/performance.md figures", () => {
  it("a partial run rewrites its own section and keeps the others with their time and load", () => {
    const page = fullRun();
    const later = writeFigures(page, {
      names,
      machine,
      fresh: new Map([
        ["dashboard-flat", renderSection(figures("Title dashboard-flat", "2026-11-23 19:00 UTC", 0.5, 7))],
      ]),
    });
    const before = readSections(page);
    const after = readSections(later);
    expect(after.get("api-latency")).toBe(before.get("api-latency"));
    expect(after.get("lighthouse")).toBe(before.get("lighthouse"));
    expect(after.get("lighthouse")).toContain("Measured 2026-11-22 10:00 UTC, load average 3.0.");
    expect(after.get("dashboard-flat")).toContain("Measured 2026-11-23 19:00 UTC, load average 0.5.");
    expect(after.get("dashboard-flat")).toContain("| a measure | 7 % | ≤ 10 % | pass |");
    expect(later).toContain("Prose above the figures.");
    expect(later).not.toContain("Not measured yet");
    // Rewriting with nothing fresh changes nothing.
    expect(writeFigures(later, { names, machine, fresh: new Map() })).toBe(later);
  });

  it("a benchmark that stops before measuring keeps its last figures, marked once per attempt", () => {
    const page = fullRun();
    const failOnce = (p, at) =>
      writeFigures(p, { names, machine, fresh: new Map(), failed: new Map([["lighthouse", at]]) });
    const twice = failOnce(failOnce(page, "2026-11-23 18:00 UTC"), "2026-11-23 19:00 UTC");
    const section = readSections(twice).get("lighthouse");
    expect(section).toContain("Measured 2026-11-22 10:00 UTC");
    expect(section).toContain("The run of 2026-11-23 19:00 UTC stopped before measuring");
    expect(section).not.toContain("18:00");
  });

  it("a benchmark never measured says how to measure it", () => {
    const page = writeFigures("# Performance\n", { names, machine, fresh: new Map() });
    expect(readSections(page).get("lighthouse")).toContain("`npm run bench -- lighthouse`");
  });
});
