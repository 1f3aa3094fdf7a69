/**
 * 54-FZ receipts through a Sberbank-style acquirer: `register.do` takes the basket as `orderBundle` (JSON)
 * and the tax system as `taxSystem`; the acquirer's online cash register prints the receipt from it. A
 * refund (`refund.do`) carries the refunded positions as `refundItems`. Money in kopecks; the items' sum
 * equals the registered amount, delivery being a position of its own.
 */
export interface ReceiptLine {
  id: string;
  name: string;
  /** Per unit, after the promo discount, in roubles. */
  price: number;
  quantity: number;
}

export interface BundleItem {
  positionId: number;
  name: string;
  quantity: { value: number; measure: string };
  itemAmount: number;
  itemCode: string;
  itemPrice: number;
  tax: { taxType: number };
}

export interface OrderBundle {
  orderCreationDate: string;
  customerDetails: { email?: string; phone?: string };
  cartItems: { items: BundleItem[] };
}

const kopecks = (roubles: number) => Math.round(roubles * 100);

/** The receipt's positions: each line, then delivery when it costs something. */
export function bundleItems(lines: ReceiptLine[], deliveryCost: number, taxType: number): BundleItem[] {
  const items: BundleItem[] = lines.map((l, i) => ({
    positionId: i + 1,
    // The cash register takes up to 128 characters of a name.
    name: l.name.slice(0, 128) || l.id,
    quantity: { value: l.quantity, measure: 'шт' },
    itemPrice: kopecks(l.price),
    itemAmount: kopecks(l.price) * l.quantity,
    itemCode: l.id.slice(0, 100),
    tax: { taxType },
  }));
  if (deliveryCost > 0) {
    items.push({ positionId: items.length + 1, name: 'Доставка', quantity: { value: 1, measure: 'шт' }, itemPrice: kopecks(deliveryCost), itemAmount: kopecks(deliveryCost), itemCode: 'delivery', tax: { taxType } });
  }
  return items;
}

/** The customer's contact for the electronic receipt: the e-mail when given, else the phone as digits. */
export function customerDetails(email: string | null, phone: string | null): OrderBundle['customerDetails'] {
  if (email && /^[^\s@]+@[^\s@]+$/.test(email)) return { email };
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? { phone: digits } : {};
}

export function orderBundle(o: { createdAt: string; email: string | null; phone: string | null; lines: ReceiptLine[]; deliveryCost: number; taxType: number }): OrderBundle {
  return {
    orderCreationDate: o.createdAt,
    customerDetails: customerDetails(o.email, o.phone),
    cartItems: { items: bundleItems(o.lines, o.deliveryCost, o.taxType) },
  };
}

export const bundleTotal = (items: BundleItem[]) => items.reduce((s, i) => s + i.itemAmount, 0);
