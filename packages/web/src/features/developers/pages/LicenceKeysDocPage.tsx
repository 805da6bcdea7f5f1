import { Link } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { Markdown } from "@/features/developers/components/Markdown";
// The creators' guide itself (docs/licence-keys.md), bundled into this page's chunk only.
import guide from "@docs/licence-keys.md?raw";

/** /docs/licence-keys: how a creator's software checks a licence key, with this site's address filled in. */
export default function LicenceKeysDocPage() {
  const source = guide.replaceAll("https://<your Payloft site>", window.location.origin);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
            Dashboard
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Markdown source={source} />
      </main>
    </div>
  );
}
