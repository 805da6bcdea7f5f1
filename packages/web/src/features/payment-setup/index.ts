// The payment-setup feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { type PaymentIntegration } from "./api/types";
export { paymentIntegrationQuery, usePaymentIntegration } from "./api/usePaymentIntegration";
export { PaymentSetupTab } from "./components/PaymentSetupTab";
