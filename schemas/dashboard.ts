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
