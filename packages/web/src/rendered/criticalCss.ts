/**
 * The part of a page's stylesheet its first HTML uses: every rule whose selector names only
 * classes the HTML carries (rules that name none, the reset, theme and attribute rules, are all
 * kept, and so are @property, @keyframes and @font-face). The server renders the public pages
 * with this inline (server.tsx) instead of the whole sheet, and the browser fetches the whole
 * sheet before React takes the page over (hydrate.tsx): what a page shows without JavaScript is
 * the HTML as sent, and JavaScript adds the rest. A selector with a class from the hidden part
 * of a `:not(.x)` is kept only when x is there too, which errs on the side of dropping a rule the
 * first paint does not need. Written for the minified output of Tailwind and Lightning CSS.
 */

/** The stylesheet as a list of top-level items: a statement, a comment or a block with its body. */
interface Item {
  prelude: string;
  body: string | null;
}

function skipString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === "\\") j++;
    else if (css[j] === quote) return j + 1;
  }
  return css.length;
}

function items(css: string): Item[] {
  const out: Item[] = [];
  let i = 0;
  while (i < css.length) {
    if (css.startsWith("/*", i)) {
      const end = css.indexOf("*/", i + 2);
      const stop = end < 0 ? css.length : end + 2;
      // Only the license comment (/*! … */) is kept; others are dropped.
      if (css[i + 2] === "!") out.push({ prelude: css.slice(i, stop), body: null });
      i = stop;
      continue;
    }
    let j = i;
    while (j < css.length && css[j] !== "{" && css[j] !== ";" && !css.startsWith("/*", j)) {
      j = css[j] === '"' || css[j] === "'" ? skipString(css, j) : css[j] === "\\" ? j + 2 : j + 1;
    }
    if (j >= css.length || css.startsWith("/*", j)) {
      if (css.slice(i, j).trim()) out.push({ prelude: css.slice(i, j), body: null });
      i = j;
      continue;
    }
    if (css[j] === ";") {
      out.push({ prelude: css.slice(i, j + 1), body: null });
      i = j + 1;
      continue;
    }
    let depth = 1;
    let k = j + 1;
    while (k < css.length && depth > 0) {
      const c = css[k];
      if (c === '"' || c === "'") k = skipString(css, k);
      else if (c === "\\") k += 2;
      else {
        if (c === "{") depth++;
        else if (c === "}") depth--;
        k++;
      }
    }
    out.push({ prelude: css.slice(i, j), body: css.slice(j + 1, k - 1) });
    i = k;
  }
  return out;
}

/** A selector list's selectors, split on the commas outside brackets and parentheses. */
function selectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '"' || c === "'") i = skipString(list, i) - 1;
    else if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

const CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g;
const unescape = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_m, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : ch!,
  );

/** The class names a selector needs, its quoted strings and attribute values aside. */
function classesOf(selector: string): string[] {
  const bare = selector.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  return [...bare.matchAll(CLASS)].map((m) => unescape(m[1]!));
}

const GROUPING = /^@(?:layer|media|supports|container)\b/;

/** A stylesheet read once: each rule's selectors with the classes each needs. */
type Node =
  | { kind: "text"; text: string }
  | { kind: "group"; head: string; children: Node[] }
  | { kind: "rule"; selectors: { text: string; classes: string[] }[]; body: string };

function compile(css: string): Node[] {
  return items(css).map(({ prelude, body }): Node => {
    const head = prelude.trim();
    if (body === null) return { kind: "text", text: head };
    if (GROUPING.test(head)) return { kind: "group", head, children: compile(body) };
    if (head.startsWith("@")) return { kind: "text", text: `${head}{${body}}` };
    return { kind: "rule", selectors: selectors(head).map((text) => ({ text, classes: classesOf(text) })), body };
  });
}

function prune(nodes: Node[], used: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += node.text;
    else if (node.kind === "group") {
      const inner = prune(node.children, used);
      // An empty @layer block still fixes the layers' order; an empty @media says nothing.
      if (inner || node.head.startsWith("@layer")) out += `${node.head}{${inner}}`;
    } else {
      const kept = node.selectors.filter((s) => s.classes.every((name) => used.has(name)));
      if (kept.length) out += `${kept.map((s) => s.text).join(",")}{${node.body}}`;
    }
  }
  return out;
}

/** Every class name in the HTML's class attributes. */
export function classesIn(html: string): Set<string> {
  const used = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) used.add(decodeEntities(name));
  }
  return used;
}

// React escapes &, <, >, " in attributes; class names such as [&_a]:bg-white carry an "&".
const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );

/** Stylesheets already read: a server renders from the same few shells again and again. */
const compiled = new Map<string, Node[]>();

/** `css` reduced to the rules an HTML with these classes can use. */
export function criticalCss(css: string, used: Set<string>): string {
  let nodes = compiled.get(css);
  if (!nodes) {
    nodes = compile(css);
    if (compiled.size > 16) compiled.clear();
    compiled.set(css, nodes);
  }
  return prune(nodes, used);
}
