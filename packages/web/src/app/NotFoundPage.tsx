import { Link } from "react-router-dom";

export default function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <Link to="/" className="mt-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">Back to home</Link>
    </main>
  );
}
