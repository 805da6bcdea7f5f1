// The announcements feature's face: what other features may use of it (packages/web/boundaries.mjs).
export { AnnouncementBanner } from "./components/AnnouncementBanner";
export { announcementsQuery } from "./api/announcements";
