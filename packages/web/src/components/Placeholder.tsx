import { Link } from "react-router-dom";

/** A clearly titled stand-in for a screen that a later issue builds. */
export function Placeholder({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-500">This screen is being built.</p>
      <Link to="/" className="text-brand-600 underline">Back to home</Link>
    </main>
  );
}
