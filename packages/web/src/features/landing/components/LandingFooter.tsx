import type { ReactNode } from "react";
import { Logo } from "@/components/Logo";

/** Footer links are placeholders, so they point at "#". */
const columns = [
  { title: "Product", links: ["Features", "Pricing", "Integrations", "Changelog"] },
  { title: "Resources", links: ["Help center", "Guides", "Creator stories", "API docs"] },
  { title: "Company", links: ["About", "Careers", "Blog", "Contact"] },
  { title: "Legal", links: ["Terms", "Privacy", "Cookies", "Refunds"] },
];

const socials: { name: string; icon: ReactNode }[] = [
  { name: "X", icon: <path d="M4 4l16 16M20 4 4 20" /> },
  {
    name: "Instagram",
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
      </>
    ),
  },
  {
    name: "YouTube",
    icon: (
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
        <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
      </>
    ),
  },
  {
    name: "LinkedIn",
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
        <path d="M8 10.5V16M8 7.8v.2M11.5 16v-5.5M11.5 13c0-1.7 1-2.7 2.3-2.7S16 11.2 16 13v3" />
      </>
    ),
  },
  {
    name: "GitHub",
    icon: (
      <path d="M9 19c-4 1.3-4-2-5.5-2.5M14.5 21v-3.2c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.3 4.3 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6 0C6.3 3.1 5.3 3.4 5.3 3.4a4.3 4.3 0 0 0-.1 3.2A4.6 4.6 0 0 0 3.9 9.8c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21" />
    ),
  },
];

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <Logo />
            <p className="mt-4 max-w-xs text-sm leading-relaxed text-slate-600">
              Sell digital products with a sales page, secure checkout and instant delivery.
            </p>
            <ul className="mt-5 flex gap-2" aria-label="Social media">
              {socials.map((s) => (
                <li key={s.name}>
                  {/* Placeholder by the product's design: the footer's links lead nowhere yet. */}
                  {/* eslint-disable-next-line jsx-a11y/anchor-is-valid */}
                  <a
                    href="#"
                    aria-label={s.name}
                    className="flex h-9 w-9 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 hover:border-brand-200 hover:text-brand-600"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={1.8}
                      strokeLinecap="round"
                      strokeLinejoin="round"
                      aria-hidden
                      className="h-4 w-4"
                    >
                      {s.icon}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="grid grid-cols-2 gap-8 sm:grid-cols-4 lg:col-span-4">
            {columns.map((c) => (
              <nav key={c.title} aria-label={c.title}>
                <h3 className="text-sm font-semibold text-slate-900">{c.title}</h3>
                <ul className="mt-4 space-y-2.5">
                  {c.links.map((l) => (
                    <li key={l}>
                      {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- placeholder, as above */}
                      <a href="#" className="text-sm text-slate-600 hover:text-slate-900">
                        {l}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-500">
          © {new Date().getFullYear()} Payloft. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
