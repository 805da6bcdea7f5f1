import { useEffect, useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

export interface ConfirmOptions {
  title: ReactNode;
  /** Use the spec's exact confirmation text here. */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "primary" | "danger";
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: spinner on the confirm button, no dismissing. */
  busy?: boolean;
}

/** Controlled yes/no dialog. The confirm button gets focus so Enter confirms, Escape cancels. */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  busy,
  title,
  message,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  tone = "primary",
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone === "danger" ? "danger" : "primary"} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/*
 * Promise-style confirmation, a drop-in for window.confirm:
 *   if (await confirmDialog({ title: "Delete product?", message: "...", tone: "danger" })) { ... }
 * <ConfirmHost/> is mounted once by the app providers.
 */
type Pending = ConfirmOptions & { resolve: (ok: boolean) => void };
let pending: Pending | null = null;
const listeners = new Set<(p: Pending | null) => void>();

export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    listeners.forEach((l) => l(pending));
  });
}

export function ConfirmHost() {
  const [current, setCurrent] = useState<Pending | null>(pending);
  useEffect(() => {
    listeners.add(setCurrent);
    return () => void listeners.delete(setCurrent);
  }, []);
  const settle = (ok: boolean) => {
    current?.resolve(ok);
    pending = null;
    listeners.forEach((l) => l(null));
  };
  return (
    <ConfirmDialog
      open={Boolean(current)}
      {...(current ?? { title: "" })}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
}
