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

/**
 * The receipt's positions: each line, then delivery when it costs something. `offGoods` (kopecks): a sum taken
 * off the goods as a whole (a fixed-sum promo code), spread over the lines in proportion to their amounts (the
 * last line takes the rounding); a line whose new amount does not divide by its quantity becomes two positions
 * (units at p and at p + 1 kopeck), so every position is price × quantity and the items sum to the amount paid.
 */
export function bundleItems(lines: ReceiptLine[], deliveryCost: number, taxType: number, offGoods = 0): BundleItem[] {
  const amounts = lines.map((l) => kopecks(l.price) * l.quantity);
  const goods = amounts.reduce((a, b) => a + b, 0);
  const off = Math.max(0, Math.min(Math.round(offGoods), goods));
  let left = off;
  const items: BundleItem[] = [];
  const push = (l: ReceiptLine, quantity: number, price: number) =>
    items.push({
      positionId: items.length + 1,
      // The cash register takes up to 128 characters of a name.
      name: l.name.slice(0, 128) || l.id,
      quantity: { value: quantity, measure: 'шт' },
      itemPrice: price,
      itemAmount: price * quantity,
      itemCode: l.id.slice(0, 100),
      tax: { taxType },
    });
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : Math.min(left, Math.round((off * amounts[i]) / (goods || 1)));
    left -= share;
    const amount = amounts[i] - share;
    const base = Math.floor(amount / l.quantity);
    const extra = amount - base * l.quantity;
    if (l.quantity - extra > 0) push(l, l.quantity - extra, base);
    if (extra > 0) push(l, extra, base + 1);
  });
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

export function orderBundle(o: { createdAt: string; email: string | null; phone: string | null; lines: ReceiptLine[]; deliveryCost: number; taxType: number; offGoods?: number }): OrderBundle {
  return {
    orderCreationDate: o.createdAt,
    customerDetails: customerDetails(o.email, o.phone),
    cartItems: { items: bundleItems(o.lines, o.deliveryCost, o.taxType, o.offGoods) },
  };
}

export const bundleTotal = (items: BundleItem[]) => items.reduce((s, i) => s + i.itemAmount, 0);
