/**
 * The seed's breakpoints: the phone layout up to 1099 px, the wide one from 1100 px; the item gallery switches
 * at 1023 px. The storefront's layout hook (storefront/lib/layout.ts) and the server's wide-window script
 * (server/features/seo/wideList.ts) read them here.
 */
export const WIDE_MIN = 1100;
export const GALLERY_WIDE_MIN = 1024;
