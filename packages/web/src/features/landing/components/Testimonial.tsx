import { IconStar } from "@/components/ui/icons";

/** Marketing claims the product copy makes (not measured behaviour). */
const stats = [
  { value: "10,000+", label: "Products sold" },
  { value: "$2M+", label: "Revenue" },
  { value: "99.9%", label: "Uptime" },
];

export function Testimonial() {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <h2 id="reviews-title" className="sr-only">
        Reviews
      </h2>
      <figure className="mx-auto max-w-3xl text-center">
        <div className="flex justify-center gap-1 text-amber-400" role="img" aria-label="Rated 5 out of 5">
          {Array.from({ length: 5 }, (_, i) => (
            <IconStar key={i} className="h-6 w-6" />
          ))}
        </div>
        <blockquote className="mt-6 text-2xl font-semibold leading-snug tracking-tight text-slate-900 sm:text-3xl">
          “I moved my templates to Payloft on a Sunday afternoon. By Monday I had my first sales, and I never had to
          answer a single ‘where is my download?’ e-mail again.”
        </blockquote>
        <figcaption className="mt-8 flex items-center justify-center gap-3">
          <span
            aria-hidden
            className="flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-fuchsia-500 text-sm font-bold text-white"
          >
            MR
          </span>
          <span className="text-left">
            <span className="block font-semibold text-slate-900">Maya Rodriguez</span>
            <span className="block text-sm text-slate-500">Designer and template creator</span>
          </span>
        </figcaption>
      </figure>
      <dl className="mx-auto mt-16 grid max-w-4xl gap-4 sm:grid-cols-3">
        {stats.map((s) => (
          <div
            key={s.label}
            className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white px-6 py-6 text-center shadow-sm sm:py-8"
          >
            <dt className="text-sm font-medium text-slate-500">{s.label}</dt>
            <dd className="order-first text-4xl font-extrabold tracking-tight text-brand-600">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
