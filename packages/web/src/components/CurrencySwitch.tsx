import { SegmentedControl } from "@/components/ui/SegmentedControl";

/** Which currency a revenue chart plots, when there is more than one (never a sum of them). */
export function CurrencySwitch({
  currencies,
  value,
  onChange,
}: {
  currencies: string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  if (currencies.length < 2) return null;
  return (
    <SegmentedControl
      label="Revenue currency"
      size="sm"
      value={value}
      onChange={onChange}
      options={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
    />
  );
}
