import { Spinner } from "./ui/Spinner";

/** Full-area loading state for lazy routes and pages waiting on the session. */
export function PageSpinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-brand-600"
      role="status"
      aria-live="polite"
    >
      <Spinner size="lg" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
