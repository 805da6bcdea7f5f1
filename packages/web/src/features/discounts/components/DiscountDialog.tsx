import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { ProductChecklist } from "@/components/ProductChecklist";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Select } from "@/components/ui/Select";
import { toast } from "@/components/ui/toast";
import { CURRENCIES, decimalsOf, minorToDecimal, toMinor } from "@payloft/core/currency/units";
import { ApiError } from "@/lib/api";
import { useProducts } from "@/features/products";
import {
  useCreateDiscount,
  useUpdateDiscount,
  type DiscountCode,
  type DiscountForm,
} from "@/features/discounts/api/discounts";

type Kind = "percent" | "amount";

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));

/** The one currency the ticked products share (else the newest product's), for an amount off. */
function productsCurrency(products: { id: string; currency?: string }[], picked: string[]): string {
  const ticked = products.filter((p) => picked.includes(p.id));
  const shared = new Set(ticked.map((p) => p.currency || "usd"));
  if (shared.size === 1) return [...shared][0]!;
  return (ticked.length ? undefined : products[0]?.currency) || "usd";
}

/** ISO time -> the value of a datetime-local input, in the creator's own time zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * Create a code, or edit one (`discount` given). An amount off is typed in its currency (which
 * follows the ticked products until the creator picks one) and sent in its minor unit.
 */
export function DiscountDialog({
  open,
  onClose,
  discount,
}: {
  open: boolean;
  onClose: () => void;
  discount?: DiscountCode;
}) {
  const products = useProducts();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const [code, setCode] = useState(discount?.code ?? "");
  const [kind, setKind] = useState<Kind>(discount?.amount_off != null ? "amount" : "percent");
  const [value, setValue] = useState(
    discount
      ? String(discount.percent_off ?? minorToDecimal(discount.amount_off ?? 0, discount.currency ?? "usd"))
      : "",
  );
  const [picked, setPicked] = useState<string[]>(discount?.product_ids ?? []);
  const [chosenCurrency, setCurrency] = useState<string | null>(discount?.currency ?? null);
  const currency = chosenCurrency ?? productsCurrency(products.data ?? [], picked);
  const [limit, setLimit] = useState(discount?.max_redemptions ? String(discount.max_redemptions) : "");
  const [expires, setExpires] = useState(toLocalInput(discount?.expires_at ?? null));
  const [error, setError] = useState("");
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError("");
    const number = Number(value);
    const body: DiscountForm = {
      code,
      ...(kind === "percent" ? { percent_off: number } : { amount_off: toMinor(number, currency), currency }),
      product_ids: picked,
      max_redemptions: limit.trim() ? Number(limit) : null,
      expires_at: expires ? new Date(expires).toISOString() : null,
    };
    const done = {
      onSuccess: () => {
        toast(discount ? "Discount code saved." : "Discount code created.", "success");
        onClose();
      },
      onError: (err: Error) =>
        setError(err instanceof ApiError ? err.message : "The code could not be saved. Please try again."),
    };
    if (discount) update.mutate({ id: discount.id, ...body }, done);
    else create.mutate(body, done);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!busy}
      title={discount ? `Edit ${discount.code}` : "New discount code"}
      description="Buyers type the code on the sales page, or open a link ending in ?code=YOURCODE, and see the lower price before they pay."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="discount-form" loading={busy}>
            {discount ? "Save code" : "Create code"}
          </Button>
        </>
      }
    >
      <form id="discount-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Code" required hint="Letters, digits, - and _ (3–32). Buyers may type it in any case.">
          <Input
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            placeholder="SPRING25"
            autoComplete="off"
            maxLength={32}
            data-autofocus
          />
        </Field>
        <div className="space-y-2">
          <SegmentedControl<Kind>
            label="Kind of discount"
            size="sm"
            value={kind}
            onChange={setKind}
            options={[
              { value: "percent", label: "Percent off" },
              { value: "amount", label: "Amount off" },
            ]}
          />
          <div className="flex gap-3">
            <Field
              label={kind === "percent" ? "Percent off (1–100)" : `Amount off (${currency.toUpperCase()})`}
              required
              className="min-w-0 flex-1"
            >
              <Input
                name="value"
                type="number"
                inputMode="decimal"
                min={kind === "percent" ? 1 : 1 / 10 ** decimalsOf(currency)}
                max={kind === "percent" ? 100 : undefined}
                step={kind === "percent" ? 1 : 1 / 10 ** decimalsOf(currency)}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            </Field>
            {kind === "amount" && (
              <Field label="Currency" className="w-28">
                <Select
                  name="currency"
                  value={currency}
                  onChange={(e) => setCurrency(e.target.value)}
                  options={CURRENCY_OPTIONS}
                />
              </Field>
            )}
          </div>
          <p className="text-xs text-slate-500">
            {kind === "amount"
              ? "An amount off applies only to products priced in its currency. "
              : "A percent off applies to products in any currency. "}
            On pay-what-you-want products the code lowers the minimum and the suggested price; buyers still choose what
            they pay.
          </p>
        </div>
        <ProductChecklist
          products={products.data}
          picked={picked}
          onChange={setPicked}
          hint="Leave all unticked for every product you sell."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Limit of uses" hint="Empty: no limit.">
            <Input
              name="max_redemptions"
              type="number"
              min={1}
              step={1}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
          </Field>
          <Field label="Expires" hint="Empty: never.">
            <Input
              name="expires_at"
              type="datetime-local"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
            />
          </Field>
        </div>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
