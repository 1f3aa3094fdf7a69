import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleTotal, customerDetails, orderBundle } from './receipt';

describe('54-FZ orderBundle', () => {
  it('lists the lines in kopecks with the VAT type, delivery as its own position', () => {
    const b = orderBundle({ createdAt: '2026-11-24T10:00:00.000Z', email: 'a@b.ru', phone: '+79991234567', lines: [{ id: 'p1', name: 'Пицца', price: 240.5, quantity: 2 }], deliveryCost: 200, taxType: 6 });
    expect(b).toEqual({
      orderCreationDate: '2026-11-24T10:00:00.000Z',
      customerDetails: { email: 'a@b.ru' },
      cartItems: {
        items: [
          { positionId: 1, name: 'Пицца', quantity: { value: 2, measure: 'шт' }, itemPrice: 24050, itemAmount: 48100, itemCode: 'p1', tax: { taxType: 6 } },
          { positionId: 2, name: 'Доставка', quantity: { value: 1, measure: 'шт' }, itemPrice: 20000, itemAmount: 20000, itemCode: 'delivery', tax: { taxType: 6 } },
        ],
      },
    });
  });
  it('uses the phone as digits when there is no e-mail', () => {
    expect(customerDetails(null, '+7 (999) 123-45-67')).toEqual({ phone: '79991234567' });
    expect(customerDetails('not-mail', null)).toEqual({});
  });
  it('sums to the amount the order registers (prices of up to two decimals)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kop: fc.integer({ min: 1, max: 10_000_000 }), q: fc.integer({ min: 1, max: 999 }) }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 100_000 }), (lines, delivery) => {
        const priced = lines.map((l, i) => ({ id: String(i), name: 'x', price: l.kop / 100, quantity: l.q }));
        const roubles = priced.reduce((s, l) => s + Math.round(l.price * l.quantity * 100) / 100, 0) + delivery / 100;
        const items = orderBundle({ createdAt: '', email: null, phone: null, lines: priced, deliveryCost: delivery / 100, taxType: 0 }).cartItems.items;
        expect(bundleTotal(items)).toBe(Math.round(roubles * 100));
      }),
    );
  });
  it('spreads a sum off the goods (a fixed-sum code) over the positions, each price × quantity, summing to the amount paid', () => {
    const items = orderBundle({ createdAt: '', email: null, phone: null, lines: [{ id: 'a', name: 'A', price: 100, quantity: 3 }, { id: 'b', name: 'B', price: 50, quantity: 1 }], deliveryCost: 200, taxType: 0, offGoods: 10_000 }).cartItems.items;
    // 350 ₽ of goods less 100 ₽ in proportion: A 300 → 214.29 ₽ over 3 units (two positions), B 50 → 35.71 ₽; delivery untouched.
    expect(bundleTotal(items)).toBe(35_000 - 10_000 + 20_000);
    for (const i of items) expect(i.itemAmount).toBe(i.itemPrice * i.quantity.value);
    expect(items.filter((i) => i.itemCode === 'a').reduce((n, i) => n + i.quantity.value, 0)).toBe(3);
    expect(items.at(-1)).toMatchObject({ itemCode: 'delivery', itemAmount: 20_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ kop: fc.integer({ min: 1, max: 1_000_000 }), q: fc.integer({ min: 1, max: 99 }) }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, delivery, part) => {
          const priced = lines.map((l, i) => ({ id: String(i), name: 'x', price: l.kop / 100, quantity: l.q }));
          const goods = lines.reduce((s, l) => s + l.kop * l.q, 0);
          const off = Math.floor(goods * part);
          const got = orderBundle({ createdAt: '', email: null, phone: null, lines: priced, deliveryCost: delivery / 100, taxType: 0, offGoods: off }).cartItems.items;
          expect(bundleTotal(got)).toBe(goods - off + delivery);
          for (const i of got) {
            expect(i.itemAmount).toBe(i.itemPrice * i.quantity.value);
            expect(i.itemPrice).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
