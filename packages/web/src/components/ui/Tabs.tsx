import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export interface TabItem<T extends string = string> {
  id: T;
  label: ReactNode;
  /** Rendered in the panel when this tab is active; omit to render the panel yourself. */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<T extends string> {
  tabs: TabItem<T>[];
  /** Accessible name of the tab list, e.g. "Settings sections". */
  label: string;
  value?: T;
  defaultValue?: T;
  onChange?: (id: T) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys / Home / End move between tabs, the active tab
 * controls a tabpanel. Controlled (value + onChange) or uncontrolled (defaultValue).
 */
export function Tabs<T extends string>({ tabs, label, value, defaultValue, onChange, className }: TabsProps<T>) {
  const [own, setOwn] = useState<T | undefined>(defaultValue ?? tabs[0]?.id);
  const active = value ?? own;
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const enabled = tabs.filter((t) => !t.disabled);

  const select = (id: T) => {
    setOwn(id);
    onChange?.(id);
    refs.current[id]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const i = enabled.findIndex((t) => t.id === active);
    const next =
      e.key === "ArrowRight"
        ? enabled[(i + 1) % enabled.length]
        : e.key === "ArrowLeft"
          ? enabled[(i - 1 + enabled.length) % enabled.length]
          : e.key === "Home"
            ? enabled[0]
            : e.key === "End"
              ? enabled[enabled.length - 1]
              : undefined;
    if (next) {
      e.preventDefault();
      select(next.id);
    }
  };
  const activeTab = tabs.find((t) => t.id === active);

  return (
    <div className={className}>
      {/* The tabs wrap onto a second row rather than scroll: a phone hid the last tabs
          ("Profile Settings", "Help & Support") past its edge with no sign that more existed. */}
      <div role="tablist" aria-label={label} className="-mx-1 flex flex-wrap gap-x-1 border-b border-slate-200 px-1">
        {tabs.map((t) => {
          const selected = t.id === active;
          return (
            <button
              onKeyDown={onKeyDown} // the focused option handles the arrows (roving focus)
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-controls={`${base}-panel-${t.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              onClick={() => select(t.id)}
              className={cn(
                "-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-50",
                selected
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {activeTab?.content !== undefined && (
        <div
          role="tabpanel"
          id={`${base}-panel-${activeTab.id}`}
          aria-labelledby={`${base}-tab-${activeTab.id}`}
          tabIndex={0}
          className="mt-5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          {activeTab.content}
        </div>
      )}
    </div>
  );
}
