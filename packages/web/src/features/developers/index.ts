// The developers feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { ApiKeysTab } from "./components/ApiKeysTab";
export { WebhooksTab } from "./components/WebhooksTab";
