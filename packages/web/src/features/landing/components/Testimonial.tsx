import { usePublicStatus } from "@/lib/publicStatus";
import { usePublicStats } from "@/lib/publicStats";
import { figuresOf } from "@/lib/figures";
import { cn } from "@/components/ui/cn";

/** Written out so Tailwind sees each class. */
const COLUMNS: Record<number, string> = { 1: "sm:max-w-sm", 2: "sm:grid-cols-2 sm:max-w-2xl", 3: "sm:grid-cols-3" };

/**
 * The testimonial (an admin setting) and the platform's own figures, each shown only when it
 * exists (rule: Honest social proof): no stars, no invented numbers. Nothing at all while both
 * are empty, as on a young platform.
 */
export function Testimonial() {
  const testimonial = usePublicStatus().data?.testimonial ?? null;
  const figures = figuresOf(usePublicStats().data);
  if (!testimonial && !figures.length) return null;
  const initials = (testimonial?.author ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <section
      id={testimonial ? "reviews" : undefined}
      aria-labelledby="reviews-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24"
    >
      <h2 id="reviews-title" className="sr-only">
        {testimonial ? "Reviews" : "Payloft in numbers"}
      </h2>
      {testimonial && (
        <figure className="mx-auto max-w-3xl text-center">
          <blockquote className="whitespace-pre-line text-2xl font-semibold leading-snug tracking-tight text-slate-900 sm:text-3xl">
            “{testimonial.quote}”
          </blockquote>
          {testimonial.author && (
            <figcaption className="mt-8 flex items-center justify-center gap-3">
              <span
                aria-hidden
                className="flex h-11 w-11 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-fuchsia-500 text-sm font-bold text-white"
              >
                {initials}
              </span>
              <span className="text-left">
                <span className="block font-semibold text-slate-900">{testimonial.author}</span>
                {testimonial.role && <span className="block text-sm text-slate-500">{testimonial.role}</span>}
              </span>
            </figcaption>
          )}
        </figure>
      )}
      {figures.length > 0 && (
        <dl
          data-testid="platform-figures"
          className={cn("mx-auto grid max-w-4xl gap-4", testimonial && "mt-16", COLUMNS[figures.length])}
        >
          {figures.map((f) => (
            <div
              key={f.label}
              className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white px-6 py-6 text-center shadow-sm sm:py-8"
            >
              <dt className="text-sm font-medium text-slate-500">{f.label}</dt>
              {f.values.map((v) => (
                <dd key={v} className="order-first text-4xl font-extrabold tracking-tight text-brand-600">
                  {v}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
