// The dashboard feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { AnalyticsSection } from "./components/Sections";
