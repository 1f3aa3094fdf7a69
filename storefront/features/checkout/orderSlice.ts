import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readJson } from '../../lib/storage';
import type { Place, StoreSettings } from '../../lib/types';
import type { Attempt } from './orderLogic';
import { emptyForm, type OrderFormValues } from './orderForm';

/**
 * The order form (/order): the customer's answers (kept in localStorage 'orderForm', as the seed keeps
 * the order form data), the pick-up places, the sending state and the result popup.
 */
export const FORM_KEY = 'orderForm';
export { ATTEMPT_KEY, URL_DATA_KEY } from './orderStart';
export const ORDER_ID_KEY = 'orderId';

/** What the popup after sending says: the store's delivery or pickup text, or the failure text. */
export type OrderResult = { kind: 'success'; orderId: number | string; text: string } | { kind: 'error' };

export interface OrderState {
  form: OrderFormValues;
  places: Place[];
  placesStatus: 'idle' | 'loading' | 'failed';
  /** The seed's order sending state: null, success, error; 'sending' while the checks and the call run. */
  status: 'idle' | 'sending';
  result: OrderResult | null;
  /** The fields the last check refused (their inputs are marked), in the form's order. */
  missing: string[];
  /** Why each refused field was refused: an i18n key shown beside it. */
  fieldErrors: Record<string, string>;
  /** Counts the refusals of the order button: the form moves the focus to the first refused field only when it changes. */
  focusSeq: number;
  /** The SMS check of the phone (store setting sms_check): the code popup while it is open. */
  sms: SmsCheck | null;
}

/** The code popup: the phone the code went to (digits, 7XXXXXXXXXX), when it went (the resend waits 20 s). */
export interface SmsCheck {
  phone: string;
  sentAt: number;
  status: 'idle' | 'sending';
  error: string | null;
}

function loadForm(): OrderFormValues {
  const stored = readJson<Partial<OrderFormValues> | null>(FORM_KEY, null);
  const form = emptyForm();
  if (stored && typeof stored === 'object') for (const k of Object.keys(form) as (keyof OrderFormValues)[]) if (typeof stored[k] === 'string') (form[k] as string) = stored[k] as string;
  return form;
}

export const orderSlice = createSlice({
  name: 'order',
  initialState: (): OrderState => ({ form: loadForm(), places: [], placesStatus: 'idle', status: 'idle', result: null, missing: [], fieldErrors: {}, focusSeq: 0, sms: null }),
  reducers: {
    orderFieldChanged(state, action: PayloadAction<{ name: keyof OrderFormValues; value: string }>) {
      (state.form[action.payload.name] as string) = action.payload.value;
      // The field's mark goes as the customer fixes it (the house group's with any of its three); the focus stays.
      const fixed = (m: string) => m === action.payload.name || (m === 'client_numbers' && /house|entrance|appart/.test(action.payload.name));
      if (!state.missing.some(fixed)) return;
      state.missing = state.missing.filter((m) => !fixed(m));
      for (const m of Object.keys(state.fieldErrors)) if (fixed(m)) delete state.fieldErrors[m];
    },
    placesRequested(state) {
      state.placesStatus = 'loading';
    },
    placesLoaded(state, action: PayloadAction<Place[]>) {
      state.places = action.payload;
      state.placesStatus = 'idle';
    },
    placesFailed(state) {
      state.placesStatus = 'failed';
    },
    orderSending(state) {
      state.status = 'sending';
      state.missing = [];
      state.fieldErrors = {};
    },
    /**
     * A check stopped the order (its toast is shown): the fields it is about are marked, each with its
     * reason (an i18n key; 'checkout.field_required' unless told), and the first gets the focus.
     */
    orderStopped: {
      reducer(state, action: PayloadAction<{ fields: string[]; reason?: string } | undefined>) {
        state.status = 'idle';
        const fields = action.payload?.fields ?? [];
        state.missing = fields;
        state.fieldErrors = Object.fromEntries(fields.map((f) => [f, action.payload?.reason ?? 'checkout.field_required']));
        if (fields.length) state.focusSeq += 1;
      },
      prepare: (fields?: string[], reason?: string) => ({ payload: fields ? { fields, reason } : undefined }),
    },
    orderPlaced(state, action: PayloadAction<{ orderId: number | string; text: string }>) {
      state.status = 'idle';
      state.result = { kind: 'success', ...action.payload };
      // The next order starts with the customer's name and phone, the rest empty.
      state.form = { ...emptyForm(), client_name: state.form.client_name, client_phone: state.form.client_phone };
    },
    orderFailed(state) {
      state.status = 'idle';
      state.result = { kind: 'error' };
    },
    orderPopupClosed(state) {
      state.result = null;
    },
    /** The code went out (first time or again): the popup opens (or stays) with the resend timer restarted. */
    smsCodeSent(state, action: PayloadAction<{ phone: string; sentAt: number }>) {
      state.sms = { ...action.payload, status: 'idle', error: null };
    },
    smsCheckSending(state) {
      if (state.sms) {
        state.sms.status = 'sending';
        state.sms.error = null;
      }
    },
    /** A wrong code (the server's message) or a failed resend: shown in the popup. */
    smsCheckFailed(state, action: PayloadAction<string>) {
      if (state.sms) {
        state.sms.status = 'idle';
        state.sms.error = action.payload;
      }
    },
    /** The check is over (confirmed or the popup closed). */
    smsCheckEnded(state) {
      state.sms = null;
    },
  },
});

/** The order button: the checks run, then the order is sent (the saga's blocking loop: one at a time). */
export const orderSubmitted = createAction<{ store: StoreSettings | null }>('order/submitted');
/** The form opened: load the pick-up places. */
export const orderPageOpened = createAction('order/pageOpened');
/** The code popup: the code typed, "send again", the popup closed (the order button comes back). */
export const smsCodeEntered = createAction<string>('order/smsCodeEntered');
export const smsCodeResend = createAction('order/smsCodeResend');
export const smsCheckClosed = createAction('order/smsCheckClosed');

export const { orderFieldChanged, placesRequested, placesLoaded, placesFailed, orderSending, orderStopped, orderPlaced, orderFailed, orderPopupClosed, smsCodeSent, smsCheckSending, smsCheckFailed, smsCheckEnded } =
  orderSlice.actions;
export default orderSlice.reducer;

type S = { order: OrderState };
export const selectOrder = (s: S) => s.order;
export const selectOrderForm = (s: S) => s.order.form;

export type { Attempt };
