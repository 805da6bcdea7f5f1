/**
 * What a product's media can be. Its own module so the buyer's side (./view) does not import
 * the product input schemas (./input) for one list.
 */
export const MEDIA_TYPES = ["none", "image", "youtube", "video", "embed"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
