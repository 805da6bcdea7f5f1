// The maintenance feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { refreshLiveStatus } from "./api/liveStatus";
