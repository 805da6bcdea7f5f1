import { IconDownload, IconLink, IconSparkles } from "@/components/ui/icons";

const creators = [
  "Course creators",
  "Designers",
  "Developers",
  "Writers",
  "Musicians",
  "Coaches",
  "Photographers",
  "Educators",
];

const steps = [
  {
    icon: IconLink,
    title: "Paste a link",
    text: "A file, a page, a private repository: whatever buyers should receive.",
  },
  {
    icon: IconSparkles,
    title: "Get a sales page",
    text: "Headline, media and price become a polished page you can share anywhere.",
  },
  {
    icon: IconDownload,
    title: "Get paid, they get access",
    text: "Buyers pay once and receive the link instantly, with a receipt by e-mail.",
  },
];

/** Who Payloft is for and the three steps from link to sale. */
export function CreatorsSection() {
  return (
    <section aria-labelledby="creators-title" className="border-y border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <p className="text-center text-sm font-semibold text-slate-500">Built for creators and entrepreneurs</p>
        <ul className="mt-5 flex flex-wrap justify-center gap-2">
          {creators.map((c) => (
            <li
              key={c}
              className="rounded-full border border-slate-200 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 shadow-sm"
            >
              {c}
            </li>
          ))}
        </ul>
        <h2
          id="creators-title"
          className="mx-auto mt-12 max-w-2xl text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          From idea to income in three steps
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="absolute right-5 top-5 text-4xl font-extrabold text-slate-100">{i + 1}</span>
              <s.icon className="h-7 w-7 text-brand-600" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
