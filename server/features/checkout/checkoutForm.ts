import { fieldByName, normalizePromoCode, orderFormSchema, placeSchema, validateFields, type FieldDef, type FieldError, type PaymentWay, type ReceivingWay } from '../../../schemas';
import { parseLatLon, type LatLon } from '../../../schemas/rules/geo';
import { badRequest } from '../../errors';

/**
 * The customer's order form as api=orders receives it (seed: the form's plain keys, `p[751_delivery]`,
 * `item[<id>]=<qty>`, `p[674_place_id]`), read and validated field by field from the registry. What does
 * not parse is a 400 `invalid_input` before any check runs; what the checks decide is left to them.
 */

export const MAX_ORDER_LINES = 200;
const DELIVERY_NO = fieldByName(orderFormSchema, 'delivery').no;
const PLACE_NO = fieldByName(placeSchema, 'id').no;
const QUANTITY = /^\d{1,6}$/;

export interface OrderForm {
  raw: Record<string, string>;
  items: Map<string, string>;
  p: Map<number, string>;
}

/** The order form's own fields, without their required flags: the store's settings decide those. */
const FORM_FIELDS: FieldDef[] = orderFormSchema.fields.map((f) => ({ ...f, required: false, default: undefined }));
const formValue = (form: OrderForm, f: FieldDef) => form.raw[f.key] ?? form.p.get(f.no);

/** Whether a call to api=orders is a customer placing an order (rather than a listing). */
export const isOrderPlacement = (form: OrderForm) =>
  form.items.size > 0 || form.raw.idempotency_key !== undefined || Object.keys(form.raw).some((k) => k.startsWith('client_'));

export interface ParsedForm {
  values: Record<string, unknown>;
  lines: { id: string; quantity: number }[];
  receiving: ReceivingWay;
  receivingChosen: boolean;
  coords: LatLon | null;
  payment: PaymentWay | null;
  promoCode: string;
  placeId: number | null;
}

export function parseForm(form: OrderForm, store: Record<string, unknown>): ParsedForm {
  const sent: Record<string, unknown> = {};
  for (const f of FORM_FIELDS) {
    const v = formValue(form, f);
    if (v !== undefined) sent[f.name] = v;
  }
  // The promo input keeps letters and digits, uppercased; the storefront sends it that way, a sloppy client is forgiven.
  if (typeof sent.client_promocode === 'string') sent.client_promocode = normalizePromoCode(sent.client_promocode);
  const { values, errors } = validateFields(FORM_FIELDS, sent, { partial: true });
  const bad: (FieldError | string)[] = [...errors];

  const lines: { id: string; quantity: number }[] = [];
  for (const [id, q] of form.items) {
    const qty = q.trim();
    if (!QUANTITY.test(qty)) {
      bad.push(`item[${id}]`);
      continue;
    }
    if (Number(qty) > 0) lines.push({ id, quantity: Number(qty) });
  }
  if (lines.length > MAX_ORDER_LINES) bad.push('item');

  let coords: LatLon | null = null;
  const rawCoords = formValue(form, FORM_FIELDS.find((f) => f.key === 'client_coords')!);
  if (rawCoords !== undefined && rawCoords.trim() !== '') {
    coords = parseLatLon(rawCoords);
    if (!coords) bad.push('client_coords');
  }

  const delivery751 = form.p.get(DELIVERY_NO);
  if (delivery751 !== undefined && !['0', '1', ''].includes(delivery751.trim())) bad.push('751_delivery');
  let receiving: ReceivingWay = 'delivery';
  let receivingChosen = false;
  if (typeof values.client_receiving === 'string') {
    receiving = values.client_receiving as ReceivingWay;
    receivingChosen = true;
  } else if (delivery751 !== undefined && delivery751.trim() !== '') {
    receiving = delivery751.trim() === '0' ? 'pickup' : 'delivery';
    receivingChosen = true;
  }
  if (receiving === 'delivery' && store.is_delivery === false) bad.push('client_receiving');
  if (receiving === 'pickup' && store.is_pickup === false) bad.push('client_receiving');

  const payment = (typeof values.client_payment === 'string' ? values.client_payment : null) as PaymentWay | null;
  if (payment && store[`pay_${payment}`] === false) bad.push('client_payment');

  const rawPlace = form.p.get(PLACE_NO);
  let placeId: number | null = null;
  if (rawPlace !== undefined && rawPlace.trim() !== '') {
    if (/^\d{1,10}$/.test(rawPlace.trim())) placeId = Number(rawPlace.trim());
    else bad.push('674_place_id');
  }

  if (bad.length) {
    throw badRequest(
      'invalid_input',
      undefined,
      bad.map((b) => (typeof b === 'string' ? { field: b, label: b, code: 'invalid' as const } : b)),
    );
  }
  return { values, lines, receiving, receivingChosen, coords, payment, promoCode: (values.client_promocode as string | null) ?? '', placeId };
}
