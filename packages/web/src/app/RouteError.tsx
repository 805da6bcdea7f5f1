import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";

/** Error boundary for every route: a friendly message instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong while showing this page.";
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold">We hit a problem</h1>
      <p className="text-slate-600">{message}</p>
      <div className="flex gap-4">
        <button className="text-brand-600 underline" onClick={() => window.location.reload()}>Reload</button>
        <Link to="/" className="text-brand-600 underline">Go home</Link>
      </div>
    </main>
  );
}
