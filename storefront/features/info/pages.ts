/** The shop's read-only info pages (rich text of the store settings, sanitised by the server). */
export const INFO_PAGES = ['about_company', 'delivery', 'payment', 'contacts'] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];
