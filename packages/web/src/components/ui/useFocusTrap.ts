import { useLayoutEffect, type RefObject } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tab on the last control goes to the first, Shift+Tab on the first to the last, so keyboard
 * focus never leaves `root` (a native modal <dialog> makes the page inert, but Tab would still
 * walk out of it into the browser's own controls).
 */
export function wrapTab(e: Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">, root: HTMLElement) {
  if (e.key !== "Tab") return;
  const list = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = list[0];
  const last = list[list.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (e.shiftKey && (at === first || !root.contains(at))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (at === last || !root.contains(at))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Keeps keyboard focus inside `ref` while `active` (for overlays that are not a native <dialog>,
 * such as the phone menu drawer): focus moves to the first control on open, Tab and Shift+Tab
 * wrap around inside, and focus goes back to whatever had it before when the overlay closes (in
 * the same commit that hides it, as the Dialog does).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const opener = document.activeElement as HTMLElement | null;
    root.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => wrapTab(e, root);
    root.addEventListener("keydown", onKey);
    return () => {
      root.removeEventListener("keydown", onKey);
      opener?.focus?.();
    };
  }, [ref, active]);
}
