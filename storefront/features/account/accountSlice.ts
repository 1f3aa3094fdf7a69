import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/events';
import type { Place } from '../../lib/types';
import type { ListError } from '../../lib/pagedList';
import { readString } from '../../lib/storage';
import { CUSTOMER_CODE_LENGTH } from '../../../schemas/rules/signIn';

/**
 * The customer's account: the session (sign-in by phone and SMS code), their orders (/my_orders), one order
 * (/order/{id}) with its online payment, and the question about an order (/order/{id}/review).
 * Anonymous customers see the orders of this device (device_id); a signed-in one also those of the account.
 */
export type Status = 'idle' | 'loading' | 'failed';

/** A row of api=orders list=1. */
export interface OrderSummary {
  id: number;
  date: string;
  datetime?: string;
  status: string;
  paymentStatus: string;
  receiving: string;
  total: number;
  totalPrice?: number;
  deliveryCost?: number;
  linesCount?: number;
  totalQuantity?: number;
}

export interface OrderLine {
  id: string;
  name: string;
  price: number;
  basePrice?: number;
  quantity: number;
  sum: number;
  currency?: string;
  categoryId?: string;
  picture?: string | null;
}

/** One order (api=orders orderId=N): the client block, the lines at the prices sold, the server's totals. */
export interface OrderDetail extends OrderSummary {
  placeId?: number | null;
  payment: string | null;
  paymentLabel?: string;
  clientName?: string | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  house?: string | null;
  entrance?: string | null;
  floor?: string | null;
  flat?: string | null;
  comment?: string | null;
  oddMoney?: number | null;
  /** Why the shop cancelled it. */
  cancelReason?: string | null;
  products: OrderLine[];
  goodsTotal: number;
  discount: number;
  promoCode?: string | null;
  promoDiscount?: number | null;
}

/** A pick-up place (GET /rest/places/{id}) as the order shows it. */
export type PickupPlace = Pick<Place, 'id' | 'name' | 'address' | 'city'>;

export type OrderError = ListError | 'not_found';

export interface ReviewDraft {
  orderId: number;
  contact: string;
  message: string;
  files: File[];
}

export interface AccountState {
  /** Signed in (the auth form is in localStorage 'user_id', 'token_seq', 'token'). */
  session: { userId: string; isOwner: boolean } | null;
  /** `codeLength`: the digits of the code the server sent (a customer's 4, a shop owner's 6). */
  signIn: { step: 'phone' | 'code'; phone: string; status: Status; error: string | null; codeLength: number };
  orders: { items: OrderSummary[]; status: Status; error: ListError | null; loaded: boolean };
  order: { id: number | null; data: OrderDetail | null; place: PickupPlace | null; status: Status; error: OrderError | null };
  /** api=sber for the order being paid (then the browser leaves for the acquirer's page). */
  pay: { orderId: number | null; status: Status };
  review: { status: Status | 'sent'; fieldErrors: Record<string, string> };
}

/** The session the page starts with: the stored auth form (the api client sends it with every call). */
export function storedSession(): AccountState['session'] {
  const userId = readString('user_id');
  return userId && readString('token_seq') && readString('token') ? { userId, isOwner: readString('is_owner') === '1' } : null;
}

const initialState = (): AccountState => ({
  session: storedSession(),
  signIn: { step: 'phone', phone: '', status: 'idle', error: null, codeLength: CUSTOMER_CODE_LENGTH },
  orders: { items: [], status: 'idle', error: null, loaded: false },
  order: { id: null, data: null, place: null, status: 'idle', error: null },
  pay: { orderId: null, status: 'idle' },
  review: { status: 'idle', fieldErrors: {} },
});

const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    /** The phone form was sent (an E.164 number): ask for a code. */
    signInCodeRequested(state, action: PayloadAction<string>) {
      state.signIn.status = 'loading';
      state.signIn.error = null;
      state.signIn.phone = action.payload;
    },
    signInCodeSent(state, action: PayloadAction<number | undefined>) {
      state.signIn.status = 'idle';
      state.signIn.step = 'code';
      state.signIn.codeLength = action.payload ?? CUSTOMER_CODE_LENGTH;
    },
    /** The code form was sent. */
    signInSubmitted(state, _action: PayloadAction<string>) {
      state.signIn.status = 'loading';
      state.signIn.error = null;
    },
    signInFailed(state, action: PayloadAction<string>) {
      state.signIn.status = 'failed';
      state.signIn.error = action.payload;
    },
    /** Back from the code form to the phone form. */
    signInPhoneEdited(state) {
      state.signIn = { step: 'phone', phone: state.signIn.phone, status: 'idle', error: null, codeLength: state.signIn.codeLength };
    },
    signedIn(state, action: PayloadAction<{ userId: string; isOwner: boolean }>) {
      state.session = action.payload;
      state.signIn = { step: 'phone', phone: '', status: 'idle', error: null, codeLength: CUSTOMER_CODE_LENGTH };
      state.orders.loaded = false;
    },
    signOutRequested() {},
    /** Signed out (by the customer, or the server said the token is no longer good). */
    signedOut(state) {
      state.session = null;
      state.orders = { items: [], status: 'idle', error: null, loaded: false };
    },

    myOrdersRequested(state) {
      state.orders.status = 'loading';
      state.orders.error = null;
    },
    myOrdersLoaded(state, action: PayloadAction<OrderSummary[]>) {
      state.orders = { items: action.payload, status: 'idle', error: null, loaded: true };
    },
    myOrdersFailed(state, action: PayloadAction<ListError>) {
      state.orders.status = 'failed';
      state.orders.error = action.payload;
    },

    orderRequested(state, action: PayloadAction<number>) {
      if (state.order.id !== action.payload) state.order = { id: action.payload, data: null, place: null, status: 'loading', error: null };
      else {
        state.order.status = 'loading';
        state.order.error = null;
      }
    },
    orderLoaded(state, action: PayloadAction<OrderDetail>) {
      if (state.order.id !== action.payload.id) return;
      state.order.data = action.payload;
      state.order.status = 'idle';
      state.order.error = null;
    },
    orderPlaceLoaded(state, action: PayloadAction<PickupPlace>) {
      state.order.place = action.payload;
    },
    orderFailed(state, action: PayloadAction<{ id: number; error: OrderError }>) {
      if (state.order.id !== action.payload.id) return;
      state.order.status = 'failed';
      state.order.error = action.payload.error;
    },

    /** 'Оплатить': api=sber, then the browser goes to the acquirer's page. */
    orderPayRequested(state, action: PayloadAction<number>) {
      state.pay = { orderId: action.payload, status: 'loading' };
    },
    orderPayFailed(state) {
      state.pay.status = 'failed';
    },

    reviewOpened(state) {
      state.review = { status: 'idle', fieldErrors: {} };
    },
    reviewSubmitted(state, _action: PayloadAction<ReviewDraft>) {
      state.review = { status: 'loading', fieldErrors: {} };
    },
    reviewInvalid(state, action: PayloadAction<Record<string, string>>) {
      state.review = { status: 'failed', fieldErrors: action.payload };
    },
    reviewFailed(state) {
      state.review.status = 'failed';
    },
    reviewSent(state) {
      state.review = { status: 'sent', fieldErrors: {} };
    },
  },
  extraReducers: (b) => b.addCase(sessionRejected, (state) => void (state.session = null)),
});

export const {
  signInCodeRequested,
  signInCodeSent,
  signInSubmitted,
  signInFailed,
  signInPhoneEdited,
  signedIn,
  signOutRequested,
  signedOut,
  myOrdersRequested,
  myOrdersLoaded,
  myOrdersFailed,
  orderRequested,
  orderLoaded,
  orderPlaceLoaded,
  orderFailed,
  orderPayRequested,
  orderPayFailed,
  reviewOpened,
  reviewSubmitted,
  reviewInvalid,
  reviewFailed,
  reviewSent,
} = accountSlice.actions;
export default accountSlice.reducer;

type S = { account: AccountState };
export const selectSession = (s: S) => s.account.session;
export const selectSignIn = (s: S) => s.account.signIn;
export const selectMyOrders = (s: S) => s.account.orders;
export const selectOrder = (s: S) => s.account.order;
export const selectPay = (s: S) => s.account.pay;
export const selectReview = (s: S) => s.account.review;

/** Whether the customer can still pay the order on the site. */
export const canPayOnline = (o: Pick<OrderDetail, 'payment' | 'paymentStatus' | 'status'>) =>
  o.payment === 'ONLINE' && o.paymentStatus !== 'paid' && o.status !== 'cancelled';
