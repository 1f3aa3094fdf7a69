import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { networkFailed, networkRestored, toastShown } from '../../lib/events';

/** The shell's own state: the 'Оффлайн' banner and the 3-second toasts. */
export interface Toast {
  id: string;
  text: string;
  kind: 'info' | 'error';
  /** Shown on this path only (a toast about the page, e.g. 'Товар добавлен в корзину', does not follow into the cart). */
  page?: string;
}
export interface ShellState {
  /** The browser says it is offline. */
  browserOffline: boolean;
  /** A request failed for lack of network and is being retried. */
  networkDown: boolean;
  toasts: Toast[];
  status: 'idle' | 'loading' | 'failed';
}

const initialState: ShellState = {
  browserOffline: typeof navigator !== 'undefined' && navigator.onLine === false,
  networkDown: false,
  toasts: [],
  status: 'idle',
};

const shellSlice = createSlice({
  name: 'shell',
  initialState,
  reducers: {
    browserWentOffline(state) {
      state.browserOffline = true;
    },
    browserWentOnline(state) {
      state.browserOffline = false;
    },
    toastExpired(state, action: PayloadAction<string>) {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
  extraReducers: (b) => {
    b.addCase(networkFailed, (state) => {
      state.networkDown = true;
    });
    b.addCase(networkRestored, (state) => {
      state.networkDown = false;
    });
    b.addCase(toastShown, (state, action) => {
      state.toasts = [...state.toasts.slice(-2), action.payload];
    });
  },
});

export const { browserWentOffline, browserWentOnline, toastExpired } = shellSlice.actions;
export default shellSlice.reducer;

type S = { shell: ShellState };
export const selectOffline = (s: S) => s.shell.browserOffline || s.shell.networkDown;
export const selectToasts = (s: S) => s.shell.toasts;
