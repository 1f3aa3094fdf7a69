/**
 * The order form's shape and the landing URL's marketing parameters: the little the order feature needs
 * from the start (the slice, the urlData capture). The rules are in orderLogic.ts, loaded with the page.
 */
export type PaymentWay = 'cash' | 'card' | 'online';
export type ReceivingWay = 'delivery' | 'pickup';
export const PAYMENT_WAYS: PaymentWay[] = ['cash', 'card', 'online'];

export interface OrderFormValues {
  client_name: string;
  client_phone: string;
  client_payment: PaymentWay | '';
  client_receiving: ReceivingWay | '';
  /** Typed only when the store has no map (controls.map = 0); otherwise the map's point. */
  client_address: string;
  client_house: string;
  client_entrance: string;
  /** The floor (the seed's client_appart, in its group 'Дом/подъезд/этаж'). */
  client_appart: string;
  /** The flat (a field of its own, not in the seed's group). */
  client_flat: string;
  client_change: string;
  client_comment: string;
  place_id: string;
}

export const emptyForm = (): OrderFormValues => ({
  client_name: '',
  client_phone: '',
  client_payment: '',
  client_receiving: '',
  client_address: '',
  client_house: '',
  client_entrance: '',
  client_appart: '',
  client_flat: '',
  client_change: '',
  client_comment: '',
  place_id: '',
});

export { urlDataOf } from './orderStart';
