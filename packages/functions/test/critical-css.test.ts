import { describe, expect, it } from "vitest";
import { classesIn, criticalCss } from "@/rendered/criticalCss";

/**
 * The server-rendered pages inline only the rules their HTML uses (web/src/rendered/criticalCss.ts).
 * Read on the shapes Tailwind and Lightning CSS write: escaped class names, rules inside @layer
 * and @media, selector lists, strings that hold braces and dots.
 */
const SHEET =
  "/*! tailwindcss v4 | MIT License */@layer theme,base,utilities;@layer theme{:root{--c:red}}" +
  "@layer base{*,:before{box-sizing:border-box}a{color:inherit}}" +
  "@layer utilities{.flex{display:flex}.grid{display:grid}.mt-0\\.5{margin-top:2px}" +
  ".sm\\:px-6{padding:0}@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:flex{display:flex}}" +
  ".\\[\\&_a\\]\\:bg-white a{background:#fff}.group:hover .group-hover\\:underline{text-decoration:underline}" +
  '.hidden,.sr-only{display:none}[data-x="a.b{c}"] .flex{content:"}"}.\\32 xl\\:flex{display:flex}}' +
  "@property --tw-x{syntax:'*';inherits:false}@keyframes spin{to{transform:rotate(1turn)}}";

const keep = (html: string) => criticalCss(SHEET, classesIn(html));

describe("critical CSS of a rendered page", () => {
  it("keeps the rules whose classes the HTML carries, and every rule that names no class", () => {
    const css = keep('<div class="flex mt-0.5 sm:grid [&amp;_a]:bg-white 2xl:flex"><a>x</a></div>');
    for (const rule of [
      "/*! tailwindcss v4 | MIT License */",
      "@layer theme,base,utilities;",
      ":root{--c:red}",
      "*,:before{box-sizing:border-box}a{color:inherit}",
      ".flex{display:flex}",
      ".mt-0\\.5{margin-top:2px}",
      "@media (width>=40rem){.sm\\:grid{display:grid}}",
      ".\\[\\&_a\\]\\:bg-white a{background:#fff}",
      '[data-x="a.b{c}"] .flex{content:"}"}',
      ".\\32 xl\\:flex{display:flex}",
      "@property --tw-x{syntax:'*';inherits:false}",
      "@keyframes spin{to{transform:rotate(1turn)}}",
    ])
      expect(css).toContain(rule);
  });

  it("drops the rules a class of which the HTML lacks, and a @media left empty", () => {
    const css = keep('<p class="hidden group-hover:underline">x</p>');
    expect(css).not.toContain(".flex{");
    expect(css).not.toContain(".grid{");
    expect(css).not.toContain("@media");
    expect(css).not.toContain("sr-only"); // one selector of a list kept, the other not
    expect(css).toContain(".hidden{display:none}");
    expect(css).not.toContain("group-hover"); // needs .group too
    expect(keep('<div class="group"><p class="group-hover:underline"></p></div>')).toContain(".group:hover");
  });
});
