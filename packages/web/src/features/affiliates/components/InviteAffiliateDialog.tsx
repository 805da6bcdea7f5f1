import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { ProductChecklist } from "@/components/ProductChecklist";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { useProducts } from "@/features/products";
import { useInviteAffiliate } from "@/features/affiliates/api/affiliates";

/**
 * Invite someone to promote the creator's products (rule: Affiliates by consent): an e-mail, a
 * commission of 1–75 % and the products it covers (none ticked: all of them). Nobody becomes an
 * affiliate here: the person gets an e-mail and must accept while signed in.
 */
export function InviteAffiliateDialog({ onClose }: { onClose: () => void }) {
  const products = useProducts();
  const invite = useInviteAffiliate();
  const [email, setEmail] = useState("");
  const [percent, setPercent] = useState("20");
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState("");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError("");
    invite.mutate(
      { email: email.trim(), commission_percent: Number(percent), product_ids: picked.length ? picked : null },
      {
        onSuccess: () => {
          toast(`Invitation sent to ${email.trim()}.`, "success");
          onClose();
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : "The invitation could not be sent. Please try again."),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!invite.isPending}
      title="Invite an affiliate"
      description="We e-mail them an invitation. They become your affiliate only when they accept, and then get their own link."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="affiliate-invite-form" loading={invite.isPending}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="affiliate-invite-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="E-mail" required>
          <Input
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="partner@example.com"
            autoComplete="off"
            required
            data-autofocus
          />
        </Field>
        <Field label="Commission (%)" required hint="1–75 % of the price of each sale they bring, before tax.">
          <Input
            name="commission_percent"
            type="number"
            inputMode="numeric"
            min={1}
            max={75}
            step={1}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            required
          />
        </Field>
        <ProductChecklist
          products={products.data}
          picked={picked}
          onChange={setPicked}
          hint="Leave all unticked for every product you sell, now and later."
        />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
