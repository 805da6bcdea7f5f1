import { IconCard, IconLock, IconRefresh } from "@/components/ui/icons";

const trio = [
  {
    icon: IconLock,
    title: "Secure delivery",
    text: "Content links are delivered only after payment, with automatic license generation and an e-mailed receipt.",
  },
  {
    icon: IconCard,
    title: "Payments built in",
    text: "Card payments with automatic tax handling, straight into your own payment account.",
  },
  {
    icon: IconRefresh,
    title: "Payment recovery",
    text: "Failed and abandoned payments are followed up, so fewer sales slip away.",
  },
];

/** Three headline promises on a dark band, to break the rhythm between features and pricing. */
export function FeatureTrio() {
  return (
    <section aria-label="Why creators choose Payloft" className="bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-3 md:py-20">
        {trio.map((t) => (
          <div key={t.title}>
            <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-white/10 text-brand-300 ring-1 ring-white/15">
              <t.icon className="h-6 w-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-white">{t.title}</h3>
            <p className="mt-2 leading-relaxed text-slate-300">{t.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
