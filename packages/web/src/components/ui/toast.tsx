import { useEffect, useState } from "react";

/**
 * Accessible toasts for the messages the spec calls alerts (GUIDE §3: no window.alert).
 * Call `toast("text")` from anywhere; <Toaster/> is mounted once by the app providers.
 */
export type ToastVariant = "info" | "success" | "error";
interface ToastItem { id: number; message: string; variant: ToastVariant }

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

const styles: Record<ToastVariant, string> = {
  info: "bg-slate-900 text-white",
  success: "bg-emerald-600 text-white",
  error: "bg-red-600 text-white",
};

export function Toaster() {
  const [list, setList] = useState(items);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[100] flex flex-col items-center gap-2 px-4" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} role={t.variant === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg ${styles[t.variant]}`}>
          <span className="flex-1">{t.message}</span>
          <button type="button" aria-label="Dismiss" className="opacity-70 hover:opacity-100" onClick={() => dismiss(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
