import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, Navigate, Outlet } from "react-router-dom";
import { RouteError } from "./RouteError";
import { PageSpinner } from "@/components/PageSpinner";
import { PageTitle } from "@/components/usePageTitle";

/**
 * Every screen of the product: the public pages, the creator's, the buyer's and the admin's. Pages
 * are lazy (each feature is its own chunk). The buyer's sales page, the overlay checkout and store
 * pages are not among them: the server renders those (src/rendered).
 */
const page = (load: () => Promise<{ default: ComponentType }>, title: string | null) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  // The title is a sibling rendered first, so a page's own title (set in its effects) wins.
  return (
    <>
      <PageTitle title={title} />
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </>
  );
};

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      { path: "/", element: page(() => import("@/features/landing/pages/LandingPage"), null) },
      { path: "/login", element: page(() => import("@/features/auth/pages/LoginPage"), "Sign in") },
      { path: "/auth/callback", element: page(() => import("@/features/auth/pages/AuthCallbackPage"), "Signing in") },
      {
        path: "/role-selection",
        element: page(() => import("@/features/auth/pages/RoleSelectionPage"), "Choose your role"),
      },
      {
        path: "/customer-signup",
        element: page(() => import("@/features/auth/pages/CustomerSignupPage"), "Join as a customer"),
      },
      { path: "/customer", element: <Navigate to="/customer-dashboard" replace /> },
      {
        path: "/onboarding",
        element: page(() => import("@/features/onboarding/pages/OnboardingPage"), "Set up your account"),
      },
      {
        path: "/onboarding-success",
        element: page(() => import("@/features/plans/pages/OnboardingSuccessPage"), "Subscription confirmed"),
      },
      { path: "/pricing", element: page(() => import("@/features/plans/pages/PricingPage"), "Pricing") },
      {
        path: "/secret-lifetime-deal",
        element: page(() => import("@/features/plans/pages/LifetimeDealPage"), "Lifetime deal"),
      },
      { path: "/dashboard", element: page(() => import("@/features/dashboard/pages/DashboardPage"), "Dashboard") },
      // The creator's settings are a section of the dashboard; /settings is its short address.
      { path: "/settings", element: <Navigate to="/dashboard?section=settings" replace /> },
      {
        path: "/customer-dashboard",
        element: page(() => import("@/features/customer/pages/CustomerDashboardPage"), "My purchases"),
      },
      // Anyone signed in, under any role, answers invitations and follows their figures here.
      { path: "/affiliate", element: page(() => import("@/features/affiliates/pages/AffiliatePage"), "Affiliate") },
      { path: "/admin", element: page(() => import("@/features/admin/pages/AdminPage"), "Admin") },
      // Rendered by the server, not by the app (./ServerPage).
      ...["/product/:productId", "/p/:productId", "/overlay/product/:productId", "/s/:handle"].map((path) => ({
        path,
        element: page(() => import("./ServerPage"), null),
      })),
      {
        path: "/checkout/success",
        element: page(() => import("@/features/checkout/pages/CheckoutSuccessPage"), "Payment Successful"),
      },
      {
        path: "/unsubscribe",
        element: page(() => import("@/features/checkout/pages/UnsubscribePage"), "Unsubscribe"),
      },
      { path: "/docs/api", element: page(() => import("../features/developers/pages/ApiDocsPage"), "API reference") },
      {
        path: "/docs/licence-keys",
        element: page(() => import("../features/developers/pages/LicenceKeysDocPage"), "Checking licence keys"),
      },
      { path: "*", element: page(() => import("./NotFoundPage"), "Page not found") },
    ],
  },
]);
