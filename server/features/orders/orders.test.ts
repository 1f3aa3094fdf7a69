import { describe, expect, it } from 'vitest';
import { amountDue, ownsOrder } from './orders';
import { amountInKopecks } from '../payments/payments';

describe('order records', () => {
  it('gives an order to its user, or to the device of an anonymous order', () => {
    const user = { id: 5, storeId: 1, phone: '+7', sessionId: 1, isOwner: false };
    expect(ownsOrder({ user_id: 5, device_id: 'd' }, { user, deviceId: null })).toBe(true);
    expect(ownsOrder({ user_id: 6, device_id: 'd' }, { user, deviceId: 'd' })).toBe(false);
    expect(ownsOrder({ user_id: null, device_id: 'd' }, { user: null, deviceId: 'd' })).toBe(true);
    expect(ownsOrder({ user_id: null, device_id: 'd' }, { user: null, deviceId: 'e' })).toBe(false);
    expect(ownsOrder({ user_id: null, device_id: null }, { user: null, deviceId: null })).toBe(false);
  });
  it('computes what is due, in kopecks for the acquirer', () => {
    expect(amountDue({ total: 571, delivery_cost: 200 })).toBe(771);
    expect(amountInKopecks({ total: 599.7, delivery_cost: 200 })).toBe(79970);
    expect(amountInKopecks({ total: 0.1 + 0.2, delivery_cost: 0 })).toBe(30);
  });
});
