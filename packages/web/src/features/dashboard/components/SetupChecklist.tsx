import { Link } from "react-router-dom";
import { IconCheck } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";
import { useProfile } from "@/lib/profile";
import { usePaymentIntegration } from "@/features/payment-setup";
import type { PaymentIntegration } from "@/features/payment-setup";
import { useProducts } from "@/features/products";
import { useDashboardStats } from "@/lib/stats";

/** Saved, switched on and with the provider's credentials: buyers can pay. */
export function takesPayments(i: PaymentIntegration | null | undefined): boolean {
  if (!i?.is_active) return false;
  return i.provider === "paypal" ? !!(i.paypal_client_id && i.paypal_client_secret) : !!i.stripe_secret_key;
}

interface Step {
  id: string;
  title: string;
  done: boolean;
  hint: string;
  to?: { href: string; label: string };
}

/**
 * A new creator's way to a first sale: profile, Payment Setup, first product, first sale. Each
 * step's state comes from the data itself (no stored flag), so the list disappears by itself
 * once everything is done, and never flashes while the data loads. It says plainly that paid
 * products cannot be bought before Payment Setup (free products can be claimed without it).
 */
export function SetupChecklist() {
  const profile = useProfile();
  const integration = usePaymentIntegration();
  const products = useProducts();
  const stats = useDashboardStats();
  if (!profile.data || integration.isPending || integration.isError || !products.data || !stats.data) return null;

  const paymentsReady = takesPayments(integration.data);
  const steps: Step[] = [
    {
      id: "profile",
      title: "Add your name",
      done: !!profile.data.name.trim(),
      hint: "Buyers see it on your sales pages and receipts.",
      to: { href: "/dashboard?section=settings&tab=account", label: "Open Account" },
    },
    {
      id: "payments",
      title: "Connect payments",
      done: paymentsReady,
      hint: "Save your Stripe or PayPal keys so buyers' money goes straight to you.",
      to: { href: "/dashboard?section=settings&tab=payment", label: "Open Payment Setup" },
    },
    {
      id: "product",
      title: "Create your first product",
      done: products.data.length > 0,
      hint: "Use Add Product below: a link or a file becomes a sales page.",
    },
    {
      id: "sale",
      title: "Make your first sale",
      done: stats.data.totalSales > 0,
      hint: "Share your sales page's link wherever your audience is.",
    },
  ];
  const left = steps.filter((s) => !s.done).length;
  if (!left) return null;

  return (
    <section
      aria-labelledby="setup-title"
      data-testid="setup-checklist"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="text-lg font-semibold text-slate-900">
          Get ready to sell
        </h2>
        <p className="text-sm text-slate-500">
          {steps.length - left} of {steps.length} done
        </p>
      </div>
      {!paymentsReady && (
        <p role="note" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Buyers cannot buy your products until Payment Setup is done. Free products can be claimed without it.
        </p>
      )}
      <ol className="mt-4 space-y-3">
        {steps.map((s) => (
          <li
            key={s.id}
            // On a phone the step's link goes under its hint, so the hint keeps the width to read.
            className="grid grid-cols-[1.5rem_1fr] items-start gap-x-3 sm:grid-cols-[1.5rem_1fr_auto]"
            data-testid={`setup-step-${s.id}`}
            data-done={s.done}
          >
            <span
              className={cn(
                "mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2",
                s.done ? "border-emerald-600 bg-emerald-600 text-white" : "border-slate-300 bg-white",
              )}
            >
              {s.done && <IconCheck className="h-3.5 w-3.5" />}
            </span>
            <div className="min-w-0 flex-1">
              <p className={cn("text-sm font-medium", s.done ? "text-slate-500 line-through" : "text-slate-900")}>
                {s.title}
                <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
              </p>
              {!s.done && <p className="text-sm text-slate-500">{s.hint}</p>}
            </div>
            {!s.done && s.to && (
              <Link
                to={s.to.href}
                className="col-start-2 -ml-2 justify-self-start rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:col-start-auto sm:ml-0"
              >
                {s.to.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
