import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import type { AdminUser } from "@/features/admin/api/types";

/** The dialog states the account is removed, products deactivated, sales kept. */
export function DeleteUserDialog({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={!!user}
      onClose={onCancel}
      dismissible={!busy}
      size="sm"
      title="Delete user?"
      description={user ? `${user.name || user.email} (${user.email})` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} data-autofocus>
            Delete User
          </Button>
        </>
      }
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-600">
        <li>The account is permanently removed.</li>
        <li>All of their products are deactivated.</li>
        <li>Their sales records are preserved.</li>
        <li>A Payloft plan subscription they pay for is cancelled now.</li>
      </ul>
    </Dialog>
  );
}
