// The developers feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { ApiKeysTab } from "./components/ApiKeysTab";
export { WebhooksTab } from "./components/WebhooksTab";
