/** The text fields of the price card (amount, code): one look. */
export const FIELD =
  "h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500";
