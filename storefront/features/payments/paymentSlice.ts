import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The return pages of a card payment (/success_payment, /fail_payment): what the server says of the order's
 * payment (api=sber_status, confirmed with the acquirer; never taken from the address the browser came back
 * with). 'pending' while the acquirer has not settled it; 'unknown' when it could not be asked.
 */
export type PaymentResult = 'paid' | 'pending' | 'failed' | 'unknown';

export interface PaymentState {
  orderId: number | null;
  result: PaymentResult | null;
  /** Still asking (the first answer, or re-asking while pending). */
  status: 'idle' | 'loading' | 'failed';
  /** The error text when the order could not be asked about (not found, not an online order). */
  error: string | null;
}

const initialState: PaymentState = { orderId: null, result: null, status: 'idle', error: null };

export const paymentSlice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** A return page opened (or 'check again'): ask the server. */
    paymentStatusRequested(state, action: PayloadAction<number>) {
      if (state.orderId !== action.payload) state.result = null;
      state.orderId = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    paymentStatusKnown(state, action: PayloadAction<{ orderId: number; result: PaymentResult; final: boolean }>) {
      if (state.orderId !== action.payload.orderId) return;
      state.result = action.payload.result;
      if (action.payload.final) state.status = 'idle';
    },
    paymentStatusFailed(state, action: PayloadAction<{ orderId: number; error: string }>) {
      if (state.orderId !== action.payload.orderId) return;
      state.status = 'failed';
      state.result = 'unknown';
      state.error = action.payload.error;
    },
  },
});

export const { paymentStatusRequested, paymentStatusKnown, paymentStatusFailed } = paymentSlice.actions;
export default paymentSlice.reducer;

type S = { payment: PaymentState };
export const selectPayment = (s: S) => s.payment;

/** The orderId query of a return page: a positive whole number, else null (the page then goes to /). */
export function orderIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('orderId')?.trim() ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
