import { useState } from "react";
import { Input, type InputProps } from "@/components/ui/Input";

/** A masked secret field with a show/hide toggle (Payment Setup). */
export function SecretInput(props: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        {...props}
        type={visible ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        className="pr-16 font-mono"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-label={visible ? "Hide secret" : "Show secret"}
        className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-md px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {visible ? "Hide" : "Show"}
      </button>
    </div>
  );
}
