// The dashboard feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { AnalyticsSection } from "./components/Sections";
