import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { normalizePromoCode, promoKindOf, type PromoKind, type PromoRefusal } from '../../../schemas/rules/promo';
import { readString } from '../../lib/storage';
import { cartCleared } from '../cart/public';

/**
 * The promo code typed on the cart page (kept in localStorage 'promoCode'), as the shop last judged it
 * (api=promo). The discount, the input's cleaning and the refusals are the server's rules
 * (schemas/rules/promo.ts); a refusal's text is i18n `errors.promo_<reason>`.
 */
export const PROMO_KEY = 'promoCode';

/** The seed's promo states: wait (typed, not yet verified), error (no such code or it does not apply), proved. */
export type PromoStatus = 'wait' | 'error' | 'proved';
export interface PromoState {
  code: string;
  status: PromoStatus;
  /** What the code gives (schemas/rules/promo.ts): percent, a fixed sum or free delivery. */
  kind: PromoKind;
  /** Percent off each unit while proved (a percent code). */
  discount: number;
  /** The sum off the goods while proved (a fixed-sum code). */
  amount: number;
  /** The minimum sum of goods (before the discount) the code works from (also why it was refused); 0 = any. */
  condition: number;
  /** Why the shop refused the code. */
  reason: PromoRefusal | null;
  checking: boolean;
}

const emptyPromo = (code = ''): PromoState => ({ code, status: 'wait', kind: 'percent', discount: 0, amount: 0, condition: 0, reason: null, checking: false });

export interface PromoVerdict {
  code: string;
  status: 'proved' | 'error';
  kind?: unknown;
  discount?: number;
  amount?: number;
  condition?: number;
  reason?: PromoRefusal | null;
}

const promoSlice = createSlice({
  name: 'promo',
  initialState: (): PromoState => emptyPromo(normalizePromoCode(readString(PROMO_KEY) ?? '')),
  reducers: {
    /** Typing: uppercased, letters and digits, at most 54; verified 2 s after the last keystroke (the saga). */
    promoTyped(state, action: PayloadAction<string>) {
      const code = normalizePromoCode(action.payload);
      if (code === state.code && state.status !== 'wait') return;
      return emptyPromo(code);
    },
    promoCheckStarted(state, action: PayloadAction<string>) {
      if (state.code === action.payload) state.checking = true;
    },
    promoChecked(state, action: PayloadAction<PromoVerdict>) {
      const p = action.payload;
      if (state.code !== p.code) return;
      const proved = p.status === 'proved';
      return {
        code: p.code,
        status: p.status,
        kind: promoKindOf(p.kind),
        discount: proved ? Math.min(100, Math.max(0, Number(p.discount) || 0)) : 0,
        amount: proved ? Math.max(0, Number(p.amount) || 0) : 0,
        condition: Math.max(0, Number(p.condition) || 0),
        reason: proved ? null : (p.reason ?? 'not_found'),
        checking: false,
      };
    },
    /** The check got no answer: the code stays waiting (the order sends it and the server decides). */
    promoCheckFailed(state, action: PayloadAction<string>) {
      if (state.code === action.payload) state.checking = false;
    },
  },
  // After a successful order: no promo code.
  extraReducers: (builder) => builder.addCase(cartCleared, () => emptyPromo()),
});

/** 'Применить' pressed or Enter in the input: the code is verified at once. */
export const promoApplied = createAction('promo/applied');

export const { promoTyped, promoCheckStarted, promoChecked, promoCheckFailed } = promoSlice.actions;
export default promoSlice.reducer;

type S = { promo: PromoState };
export const selectPromo = (s: S) => s.promo;
