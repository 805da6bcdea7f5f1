import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";

/**
 * Table primitives. <Table> wraps itself in a horizontal scroller so wide tables never make a
 * 390px phone page scroll sideways. The scroller is a labelled region that takes focus, so a
 * keyboard can scroll it too; the caption names the table for screen readers, and phones get
 * a visible hint that more columns sit to the side.
 *
 * `stickyActions`: the last column holds the row's actions (Refund, Review…) and stays pinned to
 * the right edge, so they are in view at any width, whatever scrolls under them. `fit`: long
 * text wraps so the table fits its container instead of growing past it (for tables that have
 * a phone layout of their own; on a phone a fitted table of many columns would be cramped).
 */
export function Table({
  caption,
  className,
  stickyActions,
  fit,
  children,
  ...rest
}: HTMLAttributes<HTMLTableElement> & { caption: string; stickyActions?: boolean; fit?: boolean }) {
  return (
    <div>
      <p className="px-4 pt-2 text-xs text-slate-500 sm:hidden" aria-hidden>
        Swipe sideways to see every column
      </p>
      <div
        role="region"
        aria-label={caption}
        // A scrolling region takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="w-full overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <table
          className={cn(
            "w-full border-collapse text-left text-sm",
            fit ? "min-w-full" : "min-w-max",
            stickyActions && STICKY_LAST,
            className,
          )}
          {...rest}
        >
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

/** The last column pinned right, opaque so what scrolls under it is hidden, with a soft edge. */
const STICKY_LAST = [
  "[&_tr>*:last-child]:sticky [&_tr>*:last-child]:right-0",
  "[&_td:last-child]:bg-white [&_th:last-child]:bg-slate-50",
  "[&_tr>*:last-child]:shadow-[-10px_0_10px_-10px_rgba(15,23,42,0.25)]",
].join(" ");

export function THead({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn("border-b border-slate-200 bg-slate-50/80", className)} {...rest} />;
}

export function TBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn("divide-y divide-slate-100", className)} {...rest} />;
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("transition-colors hover:bg-slate-50/60", className)} {...rest} />;
}

export function TH({ className, scope = "col", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope={scope}
      className={cn(
        "whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500",
        className,
      )}
      {...rest}
    />
  );
}

export function TD({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-4 py-3 align-middle text-slate-700", className)} {...rest} />;
}
