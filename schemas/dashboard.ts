/** The admin's home figures as GET /rest/dashboard answers them (server/features/dashboard), read by admin/features/dashboard. */
export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];

/** One period's figures. */
export interface Dashboard {
  period: Period;
  from: string;
  to: string;
  today: string;
  series: { bucket: string; orders: number; revenue: number }[];
  totals: { orders: number; revenue: number; averageBasket: number; cancelled: number };
  todayByStatus: Record<string, number>;
  todayTotals: { orders: number; revenue: number };
  topProducts: { id: string; name: string; quantity: number; revenue: number }[];
  promo: { code: string; orders: number; discount: number }[];
  receiving: { receiving: string; orders: number; revenue: number }[];
  places: { placeId: number | null; name: string | null; orders: number; revenue: number }[];
}

/**
 * GET /rest/dashboard/products (the admin's first steps): the shop's products counted up to a cap, never all of
 * them (a shop of a million products would count them on every open of the admin's home).
 */
export const PRODUCTS_COUNT_CAP = 1000;
export interface ProductsCount {
  id: 'products';
  /** Products not deleted (hidden ones too), at most the cap. */
  count: number;
  /** Whether there are more than `count`. */
  more: boolean;
}
