// The plans feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { BillingTab } from "./components/BillingTab";
export { PastDueBanner } from "./components/PastDueBanner";
export { PlanBanner } from "./components/PlanBanner";
export { PlanStep } from "./components/PlanStep";
export { UpgradeCard } from "./components/UpgradeCard";
