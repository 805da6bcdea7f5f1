import type { CSSProperties } from "react";

/**
 * A seller's accent colour as the page's brand palette: Tailwind's brand-* utilities read
 * --color-brand-*, so setting them on a wrapper re-colours every button and link inside it.
 * Buttons put white text on brand-600, so a light accent is darkened until that text keeps a
 * 4.5:1 contrast (WCAG AA) instead of becoming unreadable.
 */
const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (rgb: number[]) => 0.2126 * linear(rgb[0]!) + 0.7152 * linear(rgb[1]!) + 0.0722 * linear(rgb[2]!);

/** The accent mixed with black until white text on it reaches 4.5:1. */
export function readableAccent(hex: string): string {
  const rgb = [0, 1, 2].map((i) => channel(hex, i));
  for (let keep = 1; keep > 0.2; keep -= 0.05) {
    const mixed = rgb.map((c) => c * keep);
    if (1.05 / (luminance(mixed) + 0.05) >= 4.5) {
      return `#${mixed
        .map((c) =>
          Math.round(c * 255)
            .toString(16)
            .padStart(2, "0"),
        )
        .join("")}`;
    }
  }
  return "#1e293b";
}

export function accentStyle(accent: string | null | undefined): CSSProperties | undefined {
  if (!accent || !/^#[0-9a-f]{6}$/i.test(accent)) return undefined;
  const base = readableAccent(accent);
  const mix = (pct: number, to: string) => `color-mix(in srgb, ${base} ${pct}%, ${to})`;
  return {
    "--color-brand-50": mix(8, "white"),
    "--color-brand-100": mix(16, "white"),
    "--color-brand-200": mix(32, "white"),
    "--color-brand-300": mix(50, "white"),
    "--color-brand-400": mix(70, "white"),
    "--color-brand-500": mix(88, "white"),
    "--color-brand-600": base,
    "--color-brand-700": mix(85, "black"),
    "--color-brand-800": mix(70, "black"),
    "--color-brand-900": mix(55, "black"),
  } as CSSProperties;
}
