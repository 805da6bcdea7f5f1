import { IconBolt, IconChart, IconGlobe, IconShield, IconStore, IconUsers } from "@/components/ui/icons";
import { SectionHeading } from "./SectionHeading";

/** The six features the spec names, with their marketing promises. */
const features = [
  {
    icon: IconChart,
    title: "Analytics",
    text: "See views, sales, revenue and conversion for every product, day by day.",
  },
  {
    icon: IconShield,
    title: "Secure payments",
    text: "Built-in card processing with automatic tax handling. Your buyers' card data never touches your site.",
  },
  {
    icon: IconUsers,
    title: "Customer management",
    text: "Every buyer in one place: what they bought, when, and how much they spent.",
  },
  {
    icon: IconGlobe,
    title: "Global reach",
    text: "Multi-currency, localised checkout so buyers anywhere pay the way they know.",
  },
  {
    icon: IconBolt,
    title: "Instant setup",
    text: "Connect your payment account, paste a link and start selling in minutes.",
  },
  {
    icon: IconStore,
    title: "Custom storefronts",
    text: "Headlines, media and your own style on a sales page that feels like yours.",
  },
];

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading
        id="features-title"
        eyebrow="Features"
        title="Everything you need to sell digital products"
        lead="One place for the sales page, the checkout, the delivery and the numbers."
      />
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((f) => (
          <li
            key={f.title}
            className="group rounded-2xl border border-slate-200 bg-white p-6 transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-brand-900/5"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 transition group-hover:bg-brand-600 group-hover:text-white">
              <f.icon className="h-6 w-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{f.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
