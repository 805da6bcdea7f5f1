import type { ReactNode } from "react";

/**
 * Renders the small Markdown subset our own docs/ pages use (headings, paragraphs, lists,
 * tables, fenced code, `code` and **bold**), so a page in the app shows the very text the
 * repository documents instead of a copy that drifts. Our own files only: no HTML passes through.
 */
type Block =
  | { kind: "h1" | "h2" | "p"; text: string }
  | { kind: "code"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "table"; rows: string[][] };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const last = blocks[blocks.length - 1];
    if (line.startsWith("```")) {
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.startsWith("```")) code.push(lines[i]!);
      blocks.push({ kind: "code", text: code.join("\n") });
    } else if (line.startsWith("## ")) blocks.push({ kind: "h2", text: line.slice(3) });
    else if (line.startsWith("# ")) blocks.push({ kind: "h1", text: line.slice(2) });
    else if (line.startsWith("|")) {
      if (/^\|[\s|:-]+\|$/.test(line.trim())) continue; // the header's separator row
      if (last?.kind === "table") last.rows.push(cells(line));
      else blocks.push({ kind: "table", rows: [cells(line)] });
    } else if (line.startsWith("- ")) {
      if (last?.kind === "list") last.items.push(line.slice(2));
      else blocks.push({ kind: "list", items: [line.slice(2)] });
    } else if (!line.trim()) blocks.push({ kind: "p", text: "" });
    else if (last?.kind === "list" && line.startsWith("  ")) last.items[last.items.length - 1] += ` ${line.trim()}`;
    else if (last?.kind === "p" && last.text) last.text += ` ${line}`;
    else blocks.push({ kind: "p", text: line });
  }
  return blocks.filter((b) => b.kind !== "p" || b.text);
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, i): ReactNode => {
        if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
          return (
            <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">
              {part.slice(1, -1)}
            </code>
          );
        if (part.startsWith("**") && part.endsWith("**")) return <strong key={i}>{part.slice(2, -2)}</strong>;
        return part;
      })}
    </>
  );
}

export function Markdown({ source }: { source: string }) {
  return (
    <div className="space-y-4 text-slate-700">
      {parseMarkdown(source).map((b, i) => {
        switch (b.kind) {
          case "h1":
            return (
              <h1 key={i} className="text-3xl font-bold tracking-tight text-slate-900">
                <Inline text={b.text} />
              </h1>
            );
          case "h2":
            return (
              <h2 key={i} className="pt-4 text-xl font-semibold text-slate-900">
                <Inline text={b.text} />
              </h2>
            );
          case "p":
            return (
              <p key={i}>
                <Inline text={b.text} />
              </p>
            );
          case "code":
            return (
              <pre key={i} className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
                <code>{b.text}</code>
              </pre>
            );
          case "list":
            return (
              <ul key={i} className="list-disc space-y-1 pl-6">
                {b.items.map((item, j) => (
                  <li key={j}>
                    <Inline text={item} />
                  </li>
                ))}
              </ul>
            );
          case "table":
            return (
              <div key={i} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
                <table className="w-full text-left text-sm">
                  <thead className="bg-slate-50 text-slate-600">
                    <tr>
                      {b.rows[0]!.map((c, j) => (
                        <th key={j} scope="col" className="px-3 py-2 font-semibold">
                          <Inline text={c} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {b.rows.slice(1).map((row, r) => (
                      <tr key={r}>
                        {row.map((c, j) => (
                          <td key={j} className="px-3 py-2 align-top">
                            <Inline text={c} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
