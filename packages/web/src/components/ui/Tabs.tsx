import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  /** Rendered in the panel when this tab is active; omit to render the panel yourself. */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<T extends string> {
  tabs: TabItem<T>[];
  /** Accessible name of the tab list, e.g. "Settings sections". */
  label: string;
  value?: T;
  defaultValue?: T;
  onChange?: (id: T) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs, the active tab
 * controls a tabpanel. Controlled (value + onChange) or uncontrolled (defaultValue).
 *
 * The tabs are one row that scrolls sideways when it is wider than the screen (a phone): wrapped
 * onto two or three lines they read as a stack of links, the selected one's underline floating
 * above the next line. So that no tab is lost past the edge, the row fades out on a side where
 * more tabs are, and the selected tab (by click, arrow key or the address) is scrolled into view.
 */
export function Tabs<T extends string>({ tabs, label, value, defaultValue, onChange, className }: TabsProps<T>) {
  const [own, setOwn] = useState<T | undefined>(defaultValue ?? tabs[0]?.id);
  const active = value ?? own;
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const enabled = tabs.filter((t) => !t.disabled);
  const list = useRef<HTMLDivElement>(null);
  const more = useHiddenSides(list);
  // Again when tabs come or go: a tab that appears once its data is in (Memberships) moves the rest.
  const ids = tabs.map((t) => t.id).join(" ");
  useEffect(() => {
    if (active !== undefined) reveal(list.current, refs.current[active]);
  }, [active, ids]);

  const select = (id: T) => {
    setOwn(id);
    onChange?.(id);
    refs.current[id]?.focus({ preventScroll: true }); // the effect above scrolls the row, not the page
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = enabled.findIndex((t) => t.id === active);
    const next =
      e.key === "ArrowRight"
        ? enabled[(i + 1) % enabled.length]
        : e.key === "ArrowLeft"
          ? enabled[(i - 1 + enabled.length) % enabled.length]
          : e.key === "Home"
            ? enabled[0]
            : e.key === "End"
              ? enabled[enabled.length - 1]
              : undefined;
    if (next) {
      e.preventDefault();
      select(next.id);
    }
  };
  const activeTab = tabs.find((t) => t.id === active);

  return (
    <div className={className}>
      {/* The baseline is an inset shadow, not a border: a scrolling row clips what overhangs it,
          so the tabs' underlines sit inside the row, over the line. */}
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className={cn(
          "relative -mx-1 flex gap-x-1 overflow-x-auto overscroll-x-contain px-1 shadow-[inset_0_-1px_0_var(--color-slate-200)] [scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
          FADES[`${more.before}-${more.after}`],
        )}
      >
        {tabs.map((t) => {
          const selected = t.id === active;
          return (
            <button
              onKeyDown={onKeyDown} // the focused option handles the arrows (roving focus)
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-controls={`${base}-panel-${t.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              onClick={() => select(t.id)}
              className={cn(
                "shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50",
                selected
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {activeTab?.content !== undefined && (
        <div
          role="tabpanel"
          id={`${base}-panel-${activeTab.id}`}
          aria-labelledby={`${base}-tab-${activeTab.id}`}
          tabIndex={0}
          className="mt-5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          {activeTab.content}
        </div>
      )}
    </div>
  );
}

/** How far the row fades at each side: about the width of a tab's padding and a letter. */
const FADE = 24;
const FADES: Record<string, string> = {
  "false-false": "",
  "false-true": "[mask-image:linear-gradient(to_right,black_calc(100%_-_24px),transparent)]",
  "true-false": "[mask-image:linear-gradient(to_right,transparent,black_24px)]",
  "true-true": "[mask-image:linear-gradient(to_right,transparent,black_24px,black_calc(100%_-_24px),transparent)]",
};

/** Whether the row has tabs out of view before and after what it shows, kept up as it scrolls or resizes. */
function useHiddenSides(list: { current: HTMLElement | null }) {
  const [sides, setSides] = useState({ before: false, after: false });
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => {
      const before = el.scrollLeft > 1;
      const after = el.scrollWidth - el.clientWidth - el.scrollLeft > 1;
      setSides((s) => (s.before === before && s.after === after ? s : { before, after }));
    };
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    resized?.observe(el);
    return () => {
      el.removeEventListener("scroll", measure);
      resized?.disconnect();
    };
  }, [list]);
  return sides;
}

/** Scrolls the row (never the page) so `tab` is in view clear of the fades. */
function reveal(row: HTMLElement | null, tab: HTMLElement | null | undefined) {
  if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
  const start = tab.offsetLeft - FADE;
  const end = tab.offsetLeft + tab.offsetWidth + FADE;
  const left =
    start < row.scrollLeft ? start : end > row.scrollLeft + row.clientWidth ? end - row.clientWidth : row.scrollLeft;
  if (left === row.scrollLeft) return;
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  row.scrollTo({ left: Math.max(0, left), behavior: still ? "auto" : "smooth" });
}
