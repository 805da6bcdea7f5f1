// The maintenance feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { refreshLiveStatus } from "./api/liveStatus";
