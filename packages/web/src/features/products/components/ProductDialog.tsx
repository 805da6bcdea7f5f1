import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { toast } from "@/components/ui/toast";
import { useCreateProduct } from "@/features/products/api/useCreateProduct";
import { useUpdateProduct } from "@/features/products/api/useUpdateProduct";
import type { Product } from "@/features/products/api/types";
import { EMPTY_FORM, bodyOf, fileOf, formOf, type ProductForm } from "@/features/products/lib/productForm";
import type { UploadedFile } from "./FileUpload";
import type { ContentSource } from "./DeliveryFields";
import { PlanLimitNotice, limitMessage, useReachedLimit } from "./PlanLimitNotice";
import { ProductFormFields } from "./ProductFormFields";

/** The limit message, else the server's text, else the fallbacks. */
function errorText(err: unknown, editing: boolean): string {
  if (err instanceof ApiError) {
    const limit = err.body.limit;
    if (typeof limit === "number" && !editing) return limitMessage(limit);
    if (typeof err.body.error === "string" && err.body.error) return err.body.error;
    return editing ? "Failed to update product" : "Failed to create product";
  }
  return "An error occurred";
}

/**
 * The product dialog: 'Create New Product', or with `product` 'Edit Product', filled in with
 * every field (rule: Editing products). At the plan's product limit, creating shows the limit and
 * an upgrade link instead of a form that could not be saved.
 */
export function ProductDialog({ open, onClose, product }: { open: boolean; onClose: () => void; product?: Product }) {
  const editing = Boolean(product);
  const [form, setForm] = useState<ProductForm>(() => (product ? formOf(product) : EMPTY_FORM));
  const [source, setSource] = useState<ContentSource>(product?.content_file ? "file" : "link");
  const [file, setFile] = useState<UploadedFile | null>(() => (product ? fileOf(product) : null));
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;
  const limit = useReachedLimit(open && !editing);
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const rejected = product?.moderation_status === "rejected";

  const close = () => {
    if (saving) return;
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (form.type !== "bundle" && source === "file" && !file) {
      setError("Please upload the file buyers receive after purchase, or choose Link.");
      return;
    }
    const body = bodyOf(form, source, file);
    try {
      if (product) await update.mutateAsync({ id: product.id, body });
      else await create.mutateAsync(body);
      if (!product) {
        setForm(EMPTY_FORM);
        setFile(null);
        setSource("link");
      }
      onClose();
      toast(
        product ? (rejected ? "Product updated and sent for review" : "Product updated") : "Product created",
        "success",
      );
    } catch (err) {
      setError(errorText(err, editing));
    }
  };

  const label = editing ? (rejected ? "Save and resubmit" : "Save Changes") : "Create Product";
  return (
    <Dialog
      open={open}
      onClose={close}
      title={editing ? "Edit Product" : "Create New Product"}
      description={
        editing
          ? "Changes show on the sales page at once. Its address and sales stay; buyers keep what they bought."
          : "Describe what you sell; buyers get the content link after paying."
      }
      size="lg"
      dismissible={!saving}
    >
      {limit !== null ? (
        <PlanLimitNotice limit={limit} />
      ) : (
        <form id="product-dialog" onSubmit={submit} className="space-y-4">
          {error && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </div>
          )}
          {rejected && (
            <div
              role="note"
              className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              <p className="font-medium">This product was rejected. Saving your changes sends it back for review.</p>
              {product?.moderation_notes && (
                <p className="mt-1 whitespace-pre-line break-words">Reviewer's note: {product.moderation_notes}</p>
              )}
            </div>
          )}
          <ProductFormFields
            form={form}
            set={set}
            source={source}
            onSource={setSource}
            file={file}
            onFile={setFile}
            onUploading={setUploading}
            currencyLocked={(product?.sales_count ?? 0) > 0}
            productId={product?.id}
          />
        </form>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={saving}>
          {limit !== null ? "Not now" : "Cancel"}
        </Button>
        {limit === null && (
          <Button type="submit" form="product-dialog" loading={saving} disabled={uploading}>
            {saving ? (editing ? "Saving..." : "Creating...") : uploading ? "Uploading..." : label}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
