// The settings feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { CustomersTab } from "./components/CustomersTab";
export { SettingsSection } from "./components/SettingsSection";
