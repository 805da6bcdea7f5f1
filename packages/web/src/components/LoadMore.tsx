import { Button } from "@/components/ui/Button";

/** "Load more" under a cursor-paginated list; hidden once the last page is in. */
export function LoadMore({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center border-t border-slate-100 p-4">
      <Button variant="secondary" size="sm" loading={loading} onClick={onClick}>
        Load more
      </Button>
    </div>
  );
}
