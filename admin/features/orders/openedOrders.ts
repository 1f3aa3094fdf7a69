import { useCallback } from 'react';
import { useStore, type RaRecord } from 'react-admin';

/** How many opened order numbers the panel remembers (the newest; older orders are long past 'new'). */
const KEEP = 500;

/**
 * The orders this owner has opened, kept in react-admin's store (localStorage, per browser): the list marks
 * a 'new' order until it is opened. Shared by the list and the order screen, so opening one unmarks it at once.
 */
export function useOpenedOrders() {
  const [opened, setOpened] = useStore<number[]>('orders.opened', []);
  const markOpened = useCallback(
    (id: unknown) => {
      const n = Number(id);
      if (!Number.isInteger(n)) return;
      setOpened((prev) => (prev.includes(n) ? prev : [...prev, n].slice(-KEEP)));
    },
    [setOpened],
  );
  const isUnseen = useCallback((r: RaRecord | undefined) => !!r && r.status === 'new' && !opened.includes(Number(r.id)), [opened]);
  return { isUnseen, markOpened };
}
