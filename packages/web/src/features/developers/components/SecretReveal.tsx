import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { IconCheck } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";

/**
 * A secret the server answers only once (an API key, a webhook signing secret): shown in full
 * with a copy button and a plain warning that it will not be shown again.
 */
export function SecretReveal({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast("Copied to clipboard.", "success");
    } catch {
      toast("Copy failed. Select the text and copy it yourself.", "error");
    }
  }
  return (
    <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4" data-testid="secret-reveal">
      <p className="text-sm font-semibold text-emerald-900">{title}</p>
      <p className="mt-1 text-sm text-emerald-800">
        Copy it now and keep it somewhere safe: for your security it will not be shown again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="block min-w-0 flex-1 select-all break-all rounded-lg border border-emerald-200 bg-white px-3 py-2 font-mono text-xs text-slate-900"
          data-testid="secret-value"
        >
          {value}
        </code>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="secondary" onClick={() => void copy()} leftIcon={copied ? <IconCheck /> : null}>
            {copied ? "Copied" : "Copy"}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </div>
  );
}
