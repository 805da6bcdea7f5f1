import { cn } from "./cn";

/**
 * An e-mail address that wraps instead of overflowing or being cut off: a long address on a
 * 390 px phone or in a narrow table column breaks before its "@" first, and anywhere only when
 * one part alone is still too long. A person checks the whole address (is it where the receipt
 * went?), so it is never truncated.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={cn("[overflow-wrap:anywhere]", className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
