import { useSyncExternalStore } from 'react';
import { useStore } from 'react-admin';
import type { NewOrdersEvent } from '../../../schemas';

/**
 * The shop's new orders as the live stream (LiveOrdersFollower) last told them (null: not heard yet), for the
 * menu's badge: a module store, so the layout needs no provider around react-admin's.
 */
let figures: NewOrdersEvent | null = null;
const listeners = new Set<() => void>();

export function setLiveOrders(next: NewOrdersEvent | null) {
  figures = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLiveOrders = () => useSyncExternalStore(subscribe, () => figures);

/** The owner's opt-in to a sound and a browser notification on each new order (react-admin's store: localStorage). */
export const useOrderAlerts = () => useStore<boolean>('orders.alerts', false);
