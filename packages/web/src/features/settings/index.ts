// The settings feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { CustomersTab } from "./components/CustomersTab";
export { SettingsSection } from "./components/SettingsSection";
