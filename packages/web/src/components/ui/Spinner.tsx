import { cn } from "./cn";

const sizes = { sm: "h-4 w-4 border-2", md: "h-6 w-6 border-2", lg: "h-10 w-10 border-4" } as const;

/** A small rotating ring. Decorative unless given a label (then announced as status). */
export function Spinner({
  size = "md",
  label,
  className,
}: {
  size?: keyof typeof sizes;
  label?: string;
  className?: string;
}) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden
        className={cn("animate-spin rounded-full border-current border-t-transparent opacity-80", sizes[size])}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
