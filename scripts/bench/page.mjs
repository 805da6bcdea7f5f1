// The figures part of docs/performance.md: one section per benchmark, each opened by a
// `<!-- bench: name -->` marker, so a partial run (`npm run bench -- lambda`) rewrites the
// sections it measured and keeps every other one as it was, with its own time and load.

const START = "<!-- figures: written by npm run bench -->";
const END = "<!-- /figures -->";
const BLOCK = /<!-- figures: written by npm run bench -->[\s\S]*<!-- \/figures -->/;
const MARKER = /^<!-- bench: ([\w-]+) -->$/gm;

/** The sections of the figures block now on the page, by benchmark name (marker line excluded). */
export function readSections(page) {
  const block = page.match(BLOCK)?.[0] ?? "";
  const body = block.slice(START.length, block.length - END.length);
  const marks = [...body.matchAll(MARKER)];
  return new Map(
    marks.map((m, i) => [m[1], body.slice(m.index + m[0].length, marks[i + 1]?.index ?? body.length).trim()]),
  );
}

const STOPPED = /\n*The run of .* stopped before measuring.*$/m;

/** Decimals a figure is shown with: a unitless score (CLS) needs three. */
export const digits = (unit) => (unit === "" ? 3 : unit === "ms" || unit === "kB" || unit === "KB" ? 1 : 0);

/** One benchmark's section from the figures it recorded (scripts/bench/lib.mjs `print`). */
export function renderSection(r) {
  const rows = r.results.map(
    (x) =>
      `| ${x.name} | ${`${x.value.toFixed(digits(x.unit))} ${x.unit}`.trim()} | ${`${x.atLeast ? "≥" : "≤"} ${x.limit} ${x.unit}`.trim()} | ${x.ok ? "pass" : "**FAIL**"} |`,
  );
  return [
    `### ${r.title}`,
    "",
    `Measured ${r.at ?? "?"}, load average ${r.load.toFixed(1)}.`,
    "",
    "| measure | value | budget | |",
    "|---|---|---|---|",
    ...rows,
    "",
    ...r.notes.map((n) => `- ${n}`),
  ]
    .join("\n")
    .trim();
}

/**
 * The page with its figures block rebuilt. `names`: every benchmark, in page order; `fresh`:
 * the sections measured by this run; `failed`: benchmarks that ran but stopped before
 * measuring (their previous figures stay, marked as such). Every other section is kept.
 */
export function writeFigures(page, { names, fresh, failed = new Map(), machine }) {
  const before = readSections(page);
  const sections = names.map((name) => {
    if (fresh.has(name)) return fresh.get(name);
    // A failed attempt's line is replaced by the next attempt's, never stacked.
    const kept = before.get(name)?.replace(STOPPED, "").trim();
    const attempt = failed.get(name);
    if (attempt) {
      const why = `The run of ${attempt} stopped before measuring (see its output)`;
      return kept ? `${kept}\n\n${why}; the figures above are from the run before.` : `### ${name}\n\n${why}.`;
    }
    return kept ?? `### ${name}\n\nNot measured yet on this machine: \`npm run bench -- ${name}\`.`;
  });
  const block = [
    START,
    `Machine: ${machine}. Each section gives the time it was measured and the load average then;`,
    "`npm run bench -- <name>` rewrites only that benchmark's section.",
    "",
    ...sections.map((s, i) => `<!-- bench: ${names[i]} -->\n${s}\n`),
    END,
  ].join("\n");
  return BLOCK.test(page) ? page.replace(BLOCK, () => block) : `${page.trimEnd()}\n\n## Figures\n\n${block}\n`;
}
