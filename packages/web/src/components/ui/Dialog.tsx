import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "./cn";
import { wrapTab } from "./useFocusTrap";

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (right-aligned, stacked on phones). */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Stops Escape / backdrop from closing, e.g. while a save is running. */
  dismissible?: boolean;
}

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * Modal built on the native <dialog>: showModal() makes the rest of the page inert, Tab wraps
 * around inside it (wrapTab), Escape fires `cancel`, and we give focus back to the opener on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  dismissible = true,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect, so focus is back on the opener in the same commit that removes the dialog:
  // with a passive effect there is a moment (long on a busy phone) where focus is on <body> and
  // a keyboard user's next Tab starts from the top of the page.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!el.open) el.showModal();
    const autofocus = el.querySelector<HTMLElement>("[autofocus], [data-autofocus]");
    autofocus?.focus();
    return () => {
      if (el.open) el.close();
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    // The backdrop click (onMouseDown) is a mouse-only convenience: keyboards close with Escape (onCancel).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        e.preventDefault(); // the parent's `open` state decides, not the browser
        if (dismissible) onCloseRef.current();
      }}
      onKeyDown={(e) => wrapTab(e, e.currentTarget)}
      onMouseDown={(e) => {
        if (dismissible && e.target === e.currentTarget) onCloseRef.current(); // backdrop click
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-left text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]",
        widths[size],
      )}
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className={cn("flex items-start justify-between gap-4 px-5 pt-5 sm:px-6", !children && "pb-5")}>
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          {dismissible && (
            <button
              type="button"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
              className="-mr-2 -mt-1 rounded-lg p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          )}
        </div>
        {children && <div className="overflow-y-auto px-5 py-4 sm:px-6">{children}</div>}
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:flex-wrap sm:justify-end sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
