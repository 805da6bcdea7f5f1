import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Textarea } from "@/components/ui/Textarea";
import { toast } from "@/components/ui/toast";
import type { Product } from "@/features/products/api/types";
import { salesPageUrl } from "./productUrl";

/** The HTML a creator pastes into their own site: the embed script once, then a link per product. */
export function embedSnippet(product: Pick<Product, "id" | "name">, origin = window.location.origin): string {
  const label = product.name.replace(/[<>&"]/g, "");
  return [
    `<script src="${origin}/embed.js" defer></script>`,
    `<a href="${salesPageUrl(product.id)}" data-payloft-overlay>Buy ${label}</a>`,
  ].join("\n");
}

/** Dashboard → product card → Embed: the overlay-checkout snippet to copy. */
export function EmbedSnippetDialog({
  product,
  open,
  onClose,
}: {
  product: Pick<Product, "id" | "name">;
  open: boolean;
  onClose: () => void;
}) {
  const snippet = embedSnippet(product);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast("Embed code copied to clipboard!", "success");
    } catch (err) {
      console.error("Failed to copy the embed code", err);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Sell on your own site"
      description="Paste this into your site's HTML. The link opens this product's checkout over your page; payment opens in a new tab, and your visitors stay on your page."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={copy} data-autofocus>
            Copy code
          </Button>
        </>
      }
    >
      <Field label="Embed code" hint="Keep the script once per page; add a link like this for each product.">
        <Textarea readOnly value={snippet} rows={4} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
      </Field>
    </Dialog>
  );
}
