import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";
import { SessionProvider } from "./session";
import { router } from "./router";
import { Toaster } from "@/components/ui/toast";
import { ConfirmHost } from "@/components/ui/ConfirmDialog";
import { MaintenanceNotice } from "@/features/maintenance/components/MaintenanceNotice";

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        <Toaster />
        <ConfirmHost />
        <MaintenanceNotice />
      </SessionProvider>
    </QueryClientProvider>
  );
}
