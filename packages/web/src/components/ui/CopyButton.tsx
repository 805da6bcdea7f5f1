import { useEffect, useRef, useState } from "react";
import { Button } from "./Button";
import { IconCheck, IconCopy } from "./icons";

/**
 * Copies a value (a licence key) to the clipboard. The button says "Copied" for a moment, and a
 * live region that is always on the page announces the outcome to screen readers (a region
 * added at the moment of the message is often not read).
 */
export function CopyButton({
  value,
  what,
  className,
}: {
  value: string;
  /** What is copied, for the label and the announcement: "licence key". */
  what: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    timer.current = window.setTimeout(() => setState("idle"), 2500);
  }

  const announcement =
    state === "copied"
      ? `${what[0]!.toUpperCase()}${what.slice(1)} copied to the clipboard.`
      : state === "failed"
        ? `Copying failed. Select the ${what} and copy it yourself.`
        : "";
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className={className}
        aria-label={`Copy ${what}`}
        leftIcon={state === "copied" ? <IconCheck className="h-4 w-4" /> : <IconCopy className="h-4 w-4" />}
        onClick={() => void copy()}
      >
        {state === "copied" ? "Copied" : "Copy"}
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
