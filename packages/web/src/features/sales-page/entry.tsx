import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/app/queryClient";
import { SessionProvider } from "@/app/session";
import { Toaster } from "@/components/ui/toast";
import { MaintenanceNotice } from "@/features/maintenance/components/MaintenanceNotice";
import SalesPage from "./pages/SalesPage";
import "./sales.css";

/**
 * The buyer's sales page on its own (see main.tsx): the same page, session and maintenance notice
 * as inside the app, without the router, so a shopper downloads none of the app's other code.
 * Links out of it (the logo, "back home") are ordinary page loads that boot the whole app.
 */
export function start(root: HTMLElement, productId: string) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SalesPage productId={productId} />
          <Toaster />
          <MaintenanceNotice pathname={window.location.pathname} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
