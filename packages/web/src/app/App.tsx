import { useSyncExternalStore } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";
import { queryClient } from "./queryClient";
import { SessionProvider } from "./session";
import { router } from "./router";
import { Toaster } from "@/components/ui/toast";
import { ConfirmHost } from "@/components/ui/ConfirmDialog";
import { MaintenanceNotice } from "@/features/maintenance/components/MaintenanceNotice";

const usePathname = () => useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
const reload = () => void queryClient.invalidateQueries();

export function App() {
  const pathname = usePathname();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
        <ConfirmHost />
        <MaintenanceNotice pathname={pathname} onEnd={reload} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
