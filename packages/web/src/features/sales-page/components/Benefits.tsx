import { IconBolt, IconCheck, IconGlobe, IconLock, IconRefresh, IconShield } from "@/components/ui/icons";

/** The six fixed benefits of 'What You'll Get' (a membership's two differ: it is recurring by nature). */
const BENEFITS = [
  { icon: IconBolt, title: "Instant access", text: "Get the content right after your payment." },
  { icon: IconCheck, title: "Lifetime access", text: "Yours to keep: come back to it any time." },
  { icon: IconGlobe, title: "All devices", text: "Open it on your phone, tablet or computer." },
  { icon: IconRefresh, title: "No recurring fees", text: "Pay once. No subscription, no surprises." },
  { icon: IconShield, title: "24/7 availability", text: "Available day and night, wherever you are." },
  { icon: IconLock, title: "Secure delivery", text: "Your link arrives safely, with an e-mail receipt." },
];
const MEMBERSHIP: Record<string, { title: string; text: string }> = {
  "Lifetime access": { title: "Access while you're a member", text: "Everything included, for as long as you stay." },
  "No recurring fees": {
    title: "Cancel anytime",
    text: "Stop renewing in one click; keep access to the period's end.",
  },
};

export function Benefits({ membership = false }: { membership?: boolean }) {
  return (
    <section aria-labelledby="benefits" className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
      <h2 id="benefits" className="text-xl font-bold text-slate-900">
        What You'll Get
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {BENEFITS.map((b) => ({ ...b, ...(membership ? MEMBERSHIP[b.title] : {}) })).map(
          ({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon className="h-5 w-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
