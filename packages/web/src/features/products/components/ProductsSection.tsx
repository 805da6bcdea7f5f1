import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { EmptyState } from "@/components/ui/EmptyState";
import { IconPlus, IconStore } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/Skeleton";
import { useProducts } from "@/features/products/api/useProducts";
import { ProductDialog } from "./ProductDialog";
import { ProductCard } from "./ProductCard";

/**
 * The creator dashboard's products area: 'Your Products' with 'Add Product',
 * the grid 'Products (count)', the empty state and the 'Create New Product' dialog.
 * The dashboard layout imports it; `header={false}` leaves the heading to the page.
 */
export function ProductsSection({ header = true }: { header?: boolean }) {
  const [creating, setCreating] = useState(false);
  const products = useProducts();
  const list = products.data ?? [];

  return (
    <section aria-labelledby="products-heading" className="space-y-6">
      {header && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your Products</h1>
            <p className="mt-1 text-sm text-slate-500">
              Create products, share their sales pages and track how they sell.
            </p>
          </div>
          <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setCreating(true)}>
            Add Product
          </Button>
        </div>
      )}

      <div className="space-y-4">
        <h2 id="products-heading" className="text-lg font-semibold text-slate-900">
          Products ({list.length})
        </h2>
        {products.isPending ? (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-80 rounded-2xl" />
            ))}
          </div>
        ) : products.isError ? (
          <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            Your products could not be loaded. Please refresh the page.
          </p>
        ) : list.length === 0 ? (
          <EmptyState
            icon={<IconStore />}
            title="No products yet"
            description="Turn a link to a file, page or repository into a product with its own sales page."
            action={
              <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setCreating(true)}>
                Create Your First Product
              </Button>
            }
          />
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        )}
      </div>

      <ProductDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

export default ProductsSection;
