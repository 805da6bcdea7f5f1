import { Link } from "react-router-dom";
import { LogoMark, LogoWordmark } from "./LogoMark";

export { LogoMark };

/** Mark + wordmark. Links home unless `to` is null (e.g. inside the home link already). */
export function Logo({
  to = "/",
  className,
  tone = "dark",
}: {
  to?: string | null;
  className?: string;
  tone?: "dark" | "light";
}) {
  const content = <LogoWordmark className={className} tone={tone} />;
  return to === null ? (
    content
  ) : (
    <Link
      to={to}
      aria-label="Payloft home"
      className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
    >
      {content}
    </Link>
  );
}
