import { useEffect, useState } from "react";

/**
 * Accessible toasts for the messages the spec calls alerts.
 * Call `toast("text")` from anywhere; <Toaster/> is mounted once by the app providers.
 */
export type ToastVariant = "info" | "success" | "error";
interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

let nextId = 1;
let items: ToastItem[] = [];
const listeners = new Set<(items: ToastItem[]) => void>();
const emit = () => listeners.forEach((l) => l(items));

export function toast(message: string, variant: ToastVariant = "info", ms = 5000) {
  const item = { id: nextId++, message, variant };
  items = [...items, item];
  emit();
  setTimeout(() => dismiss(item.id), ms);
}

export function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

const styles: Record<ToastVariant, { box: string; icon: string; path: string }> = {
  info: { box: "bg-slate-900 text-white", icon: "text-brand-300", path: "M12 8v.01M11 12h1v4h1" },
  success: { box: "bg-emerald-700 text-white", icon: "text-white", path: "m8 12.5 3 3 5-6" },
  error: { box: "bg-red-600 text-white", icon: "text-white", path: "M12 8v4.5M12 16v.01" },
};

export function Toaster() {
  const [list, setList] = useState(items);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    // At the top (under a phone's top bar; in the top-right corner from sm up), never at the
    // bottom where forms keep their buttons: a "saved" message must not cover Save or Delete.
    <div
      className="pointer-events-none fixed inset-x-0 top-16 z-[100] flex flex-col items-center gap-2 px-4 sm:inset-x-auto sm:right-4 sm:top-4 sm:w-80 sm:items-end sm:px-0"
      aria-live="polite"
      data-testid="toaster"
    >
      {list.map((t) => (
        <div
          key={t.id}
          role={t.variant === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-xl ring-1 ring-black/5 ${styles[t.variant].box}`}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            aria-hidden
            className={`mt-px h-5 w-5 shrink-0 ${styles[t.variant].icon}`}
          >
            <circle cx="12" cy="12" r="9" />
            <path d={styles[t.variant].path} />
          </svg>
          <span className="flex-1 leading-5">{t.message}</span>
          <button
            type="button"
            aria-label="Dismiss"
            className="-mr-1 rounded px-1 text-lg leading-5 opacity-70 hover:opacity-100"
            onClick={() => dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
