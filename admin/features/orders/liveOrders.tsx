import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { NewOrdersEvent } from '../../../schemas';
import { createAuthStorage } from '../../../dataProvider/authStorage';
import { beep } from './beep';

/** The shop's new orders as the live stream last told them (null: not heard yet). */
const LiveOrdersContext = createContext<NewOrdersEvent | null>(null);

export const useLiveOrders = () => useContext(LiveOrdersContext);

/** The owner's opt-in to a sound and a browser notification on each new order (react-admin's store: localStorage). */
export const useOrderAlerts = () => useStore<boolean>('orders.alerts', false);

const RETRY_MS = 3000;

/**
 * Reads GET /rest/orders/live (server-sent events) with fetch, since EventSource cannot send the Bearer
 * header; calls `onEvent` with each `orders` event. Reconnects after RETRY_MS on a dropped connection,
 * stops on a refusal (signed out, not the owner) or when `signal` aborts.
 */
async function followLiveOrders(signal: AbortSignal, onEvent: (e: NewOrdersEvent) => void) {
  while (!signal.aborted) {
    const auth = createAuthStorage().get();
    if (!auth) return;
    try {
      const res = await fetch('/rest/orders/live', { headers: { authorization: `Bearer ${auth.token}`, accept: 'text/event-stream' }, signal });
      if (res.status === 401 || res.status === 403) return;
      if (res.ok && res.body) {
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const lines = block.split('\n');
            const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
            if (data && lines.includes('event: orders')) onEvent(JSON.parse(data) as NewOrdersEvent);
          }
        }
      }
    } catch {
      if (signal.aborted) return;
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/**
 * Keeps the panel told of new orders: the count for the menu's badge; when a newer order arrives, the order
 * list and the dashboard read again and, if the owner opted in, a sound and a browser notification.
 */
export function LiveOrdersProvider({ children }: { children: ReactNode }) {
  const [figures, setFigures] = useState<NewOrdersEvent | null>(null);
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const navigate = useNavigate();
  const [alerts] = useOrderAlerts();
  const latest = useRef({ alerts, translate, navigate });
  latest.current = { alerts, translate, navigate };
  useEffect(() => {
    const abort = new AbortController();
    let last: number | null | undefined;
    void followLiveOrders(abort.signal, (event) => {
      setFigures(event);
      const arrived = last !== undefined && event.last !== null && (last === null || event.last > last);
      last = event.last;
      if (!arrived) return;
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!latest.current.alerts) return;
      beep();
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const t = latest.current.translate;
        const n = new Notification(t('admin.orders.live.notification_title', { id: event.last }), { body: t('admin.orders.live.notification_body', { count: event.count }), tag: 'new-order' });
        n.onclick = () => {
          window.focus();
          latest.current.navigate(`/orders/${event.last}`);
        };
      }
    });
    return () => abort.abort();
  }, [queryClient]);
  return <LiveOrdersContext.Provider value={figures}>{children}</LiveOrdersContext.Provider>;
}
