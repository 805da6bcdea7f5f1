// The announcements feature's face: what other features may use of it (eslint.config.js, web boundaries).
export { AnnouncementBanner } from "./components/AnnouncementBanner";
