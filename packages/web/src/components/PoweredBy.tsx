import { LogoMark } from "@/components/LogoMark";

/** The footer line of sellers' pages; white-label (Business) sellers' pages leave it out. */
export function PoweredBy() {
  return (
    <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-500">
      <a
        href="/"
        className="inline-flex items-center gap-2 rounded-md font-medium hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <LogoMark className="h-5 w-5" /> Powered by Payloft
      </a>
    </footer>
  );
}
