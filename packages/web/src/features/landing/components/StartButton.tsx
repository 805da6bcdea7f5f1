import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button, type ButtonProps } from "@/components/ui/Button";
import { useStartDestination } from "@/features/landing/api/startDestination";

/**
 * 'Get Started' / 'Start Selling' / 'Dashboard': all share the spec's routing rule, so one
 * button resolves the destination (fetching the profile when signed in) and navigates.
 */
export function StartButton({ children, ...props }: Omit<ButtonProps, "onClick" | "loading">) {
  const resolve = useStartDestination();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...props}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        const to = await resolve();
        setBusy(false);
        navigate(to);
      }}
    >
      {children}
    </Button>
  );
}
