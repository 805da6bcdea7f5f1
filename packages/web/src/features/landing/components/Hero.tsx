import { PLAN_PROMISES } from "@payloft/core/plan/plans";
import { IconArrowRight, IconCheck, IconLock } from "@/components/ui/icons";
import { StartButton } from "./StartButton";

/** First screen: the promise, the main call to action and a picture of what a creator gets. */
export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,var(--color-brand-100),transparent),radial-gradient(40rem_24rem_at_0%_10%,#f5f3ff,transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-xs font-semibold text-brand-700">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" /> Set up your store in minutes
          </p>
          <h1 className="mt-5 text-4xl font-extrabold leading-[1.1] tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Turn any link into a{" "}
            <span className="bg-gradient-to-r from-brand-600 to-violet-500 bg-clip-text text-transparent">
              product people buy
            </span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            Payloft gives your file, course or repository its own sales page, takes the payment and delivers access
            instantly. You keep creating; we handle checkout, delivery and receipts.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <StartButton size="lg">
              Start Selling <IconArrowRight className="h-5 w-5" />
            </StartButton>
            <a
              href="#features"
              className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
            >
              See how it works
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {PLAN_PROMISES.map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <IconCheck className="h-4 w-4 text-emerald-600" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <SalesPagePreview />
      </div>
    </section>
  );
}

/** A drawn (not screenshotted) sales page, so it stays sharp and costs no image download. */
function SalesPagePreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl shadow-brand-900/10 sm:p-5">
        <div className="flex items-center gap-1.5 pb-3">
          <span className="h-2.5 w-2.5 rounded-full bg-red-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-amber-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 truncate rounded-md bg-slate-100 px-2 py-0.5 text-[11px] text-slate-600">
            payloft.app/product/notion-creator-os
          </span>
        </div>
        <div className="flex aspect-[16/9] flex-col justify-between rounded-xl bg-gradient-to-br from-brand-500 via-violet-500 to-fuchsia-400 p-5 text-white">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider opacity-80">Template</p>
            <p className="mt-1 text-xl font-bold sm:text-2xl">Creator OS for Notion</p>
            <p className="mt-1 text-sm opacity-90">Plan, publish and track every launch.</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {["Notion template", "PDF guide", "Lifetime updates"].map((t) => (
              <span
                key={t}
                className="rounded-full bg-white/20 px-2.5 py-1 text-[11px] font-semibold ring-1 ring-white/30"
              >
                {t}
              </span>
            ))}
          </div>
        </div>
        <div className="mt-4 flex items-center justify-between gap-3">
          {/* As a real sales page shows it: buyer counts, no star rating (rule: Honest social proof). */}
          <div>
            <p className="text-sm font-semibold text-slate-900">248 customers</p>
            <p className="mt-0.5 text-xs text-slate-500">248 people have already purchased this</p>
          </div>
          <p className="text-2xl font-bold text-slate-900">$29</p>
        </div>
        <div className="mt-4 rounded-lg bg-brand-600 py-2.5 text-center text-sm font-semibold text-white">
          Buy Now - $29.00
        </div>
        <p className="mt-2 flex items-center justify-center gap-1 text-[11px] text-slate-500">
          <IconLock className="h-3 w-3" /> Secure payment · Instant access
        </p>
      </div>
      <div className="absolute -left-2 top-1/3 hidden rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:block lg:-left-10">
        <p className="text-[11px] font-medium text-slate-500">New sale</p>
        <p className="text-lg font-bold text-emerald-700">+$29.00</p>
      </div>
      <div className="absolute -bottom-10 right-6 hidden rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-xl sm:block">
        <p className="text-[11px] font-medium text-slate-500">Revenue this month</p>
        <p className="text-lg font-bold text-slate-900">$4,812</p>
      </div>
    </div>
  );
}
