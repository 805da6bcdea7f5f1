import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, Navigate, Outlet } from "react-router-dom";
import { RouteError } from "./RouteError";
import { PageSpinner } from "../components/PageSpinner";

/**
 * Every route of both spec parts. Pages are lazy so the buyer's sales page never loads
 * dashboard or chart code (each feature is its own chunk).
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
};

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: page(() => import("../features/landing/pages/LandingPage")) },
      { path: "/login", element: page(() => import("../features/auth/pages/LoginPage")) },
      { path: "/auth/callback", element: page(() => import("../features/auth/pages/AuthCallbackPage")) },
      { path: "/role-selection", element: page(() => import("../features/auth/pages/RoleSelectionPage")) },
      { path: "/customer-signup", element: page(() => import("../features/auth/pages/CustomerSignupPage")) },
      { path: "/customer", element: <Navigate to="/customer-dashboard" replace /> },
      { path: "/onboarding", element: page(() => import("../features/onboarding/pages/OnboardingPage")) },
      { path: "/onboarding-success", element: page(() => import("../features/plans/pages/OnboardingSuccessPage")) },
      { path: "/pricing", element: page(() => import("../features/plans/pages/PricingPage")) },
      { path: "/secret-lifetime-deal", element: page(() => import("../features/plans/pages/LifetimeDealPage")) },
      { path: "/dashboard", element: page(() => import("../features/dashboard/pages/DashboardPage")) },
      { path: "/customer-dashboard", element: page(() => import("../features/customer/pages/CustomerDashboardPage")) },
      { path: "/admin", element: page(() => import("../features/admin/pages/AdminPage")) },
      { path: "/product/:productId", element: page(() => import("../features/sales-page/pages/SalesPage")) },
      { path: "/p/:productId", element: page(() => import("../features/sales-page/pages/SalesPage")) },
      { path: "/checkout/success", element: page(() => import("../features/checkout/pages/CheckoutSuccessPage")) },
      { path: "*", element: page(() => import("./NotFoundPage")) },
    ],
  },
]);
