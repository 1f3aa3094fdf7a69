import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import type { NewOrdersEvent } from '../../../schemas';
import { createAuthStorage } from '../../../dataProvider/authStorage';
import { beep } from './beep';
import { setLiveOrders, useOrderAlerts } from './liveOrdersStore';


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
      const res = await fetch('/rest/orders/live', { headers: { authorization: `Bearer ${auth.token}` }, signal });
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
            // The server's events are one `event: orders` line and one `data:` line; comments are heartbeats.
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data && block.startsWith('event: orders')) onEvent(JSON.parse(data) as NewOrdersEvent);
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
 * Keeps the panel told of new orders (rendered once in the layout, draws nothing): the count for the menu's
 * badge; when a newer order arrives, the order list and the dashboard read again and, if the owner opted in,
 * a sound and a browser notification.
 */
export default function LiveOrdersFollower() {
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
      setLiveOrders(event);
      const arrived = last !== undefined && event.last !== null && (last === null || event.last > last);
      last = event.last;
      if (!arrived) return;
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      if (!latest.current.alerts) return;
      beep();
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const t = latest.current.translate;
        const shown = new Notification(t('admin.orders.live.notification_title', { id: event.last }), { body: t('admin.orders.live.notification_body', { count: event.count }) });
        // A click brings the panel forward on that order.
        const order = event.last;
        shown.onclick = () => {
          window.focus();
          latest.current.navigate(`/orders/${order}`);
          shown.close();
        };
      }
    });
    return () => {
      abort.abort();
      setLiveOrders(null);
    };
  }, [queryClient]);
  return null;
}
