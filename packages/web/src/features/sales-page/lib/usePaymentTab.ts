import { useEffect, useRef, useState } from "react";
import { PAID_MESSAGE } from "@/lib/payment-message";
import type { PaymentOpener } from "./useBuy";

/**
 * The overlay's payment tab. A hosted payment page cannot be framed and the host page must never
 * navigate, so Buy opens the payment page in a new tab (opened in the click itself, or the
 * browser blocks it, and pointed at the payment page once the checkout exists). The overlay then
 * waits for the outcome:
 *  - the success page in that tab tells its opener (this frame, same Payloft origin) the checkout
 *    is paid, by postMessage;
 *  - or the tab closes without a word, and the overlay asks the server once (the success call
 *    reconciles with the provider), since a browser may cut the link to its opener.
 */
export type PaymentTabState =
  | { step: "idle" }
  | { step: "waiting"; url: string; checkoutId?: string; blocked: boolean }
  /** `closed`: the tab closed before saying it was paid, so this is a question, not a receipt. */
  | { step: "outcome"; checkoutId: string; closed: boolean };

export function usePaymentTab() {
  const tab = useRef<Window | null>(null);
  const [state, setState] = useState<PaymentTabState>({ step: "idle" });

  const open = (url: string) => {
    // Not noopener: the success page reports back through window.opener.
    tab.current = window.open(url, "_blank");
    return tab.current;
  };

  const opener: PaymentOpener = {
    start: () => {
      const t = open("");
      if (t) t.document.title = "Opening the payment page…";
    },
    go: ({ url, checkout_id }) => {
      const t = tab.current;
      const blocked = !t || t.closed;
      if (!blocked) t.location.href = url;
      setState({ step: "waiting", url, checkoutId: checkout_id, blocked });
    },
    fail: () => {
      tab.current?.close();
      tab.current = null;
    },
  };

  const waitingFor = state.step === "waiting" ? state.checkoutId : undefined;
  useEffect(() => {
    if (state.step !== "waiting") return;
    const onMessage = (e: MessageEvent) => {
      const data = (e.data ?? {}) as { type?: string; session_id?: string };
      if (e.origin !== window.location.origin || data.type !== PAID_MESSAGE) return;
      if (!waitingFor || data.session_id !== waitingFor) return;
      setState({ step: "outcome", checkoutId: waitingFor, closed: false });
    };
    window.addEventListener("message", onMessage);
    // Reading `closed` is allowed across origins; a closed tab says nothing more.
    const watch = window.setInterval(() => {
      if (!tab.current?.closed || !waitingFor) return;
      window.clearInterval(watch);
      setState({ step: "outcome", checkoutId: waitingFor, closed: true });
    }, 1000);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(watch);
    };
  }, [state.step, waitingFor]);

  return {
    state,
    opener,
    /** The payment tab again: brought forward, or opened anew (a click: not blocked). */
    reopen: () => {
      if (state.step !== "waiting") return;
      if (tab.current && !tab.current.closed) return tab.current.focus();
      setState({ ...state, blocked: !open(state.url) });
    },
    /** A free claim answered at once: show its purchase. */
    claimed: (checkoutId: string) => setState({ step: "outcome", checkoutId, closed: false }),
    back: () => {
      tab.current?.close();
      tab.current = null;
      setState({ step: "idle" });
    },
  };
}
