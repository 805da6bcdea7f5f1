/**
 * What the success page, opened in the overlay's payment tab, tells the overlay (its opener, the
 * same Payloft origin) once the purchase is there: `{type: PAID_MESSAGE, session_id}`.
 */
export const PAID_MESSAGE = "payloft:paid";

/** The success page's side: a no-op unless this tab was opened by a Payloft overlay. */
export function tellOpenerPaid(sessionId: string): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  try {
    // Delivered only if the opener is on Payloft's own origin (the overlay frame), never elsewhere.
    opener.postMessage({ type: PAID_MESSAGE, session_id: sessionId }, window.location.origin);
    return true;
  } catch {
    return false;
  }
}
