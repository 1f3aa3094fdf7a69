import '../deliveryTimer.css';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../../lib/i18n';
import { deliveryTimerExpired, formatCountdown, selectDeliveryTimerUntil } from '../deliveryTimer';

/**
 * The shell's delivery countdown (the seed's 'Ваш заказ будет доставлен менее чем hh:mm:ss'): shown while a
 * timer runs and the shop turns it on (controls.timer = '1'); at zero it resets and hides.
 */
export default function DeliveryTimer({ enabled }: { enabled: boolean }) {
  const t = useT();
  const dispatch = useDispatch();
  const until = useSelector(selectDeliveryTimerUntil);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= until) dispatch(deliveryTimerExpired());
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [until, dispatch]);

  if (!enabled || until === null || now >= until) return null;
  return (
    <div className="delivery-timer" role="timer" aria-live="off">
      <span>{t('timer.text')}</span> <time className="delivery-timer__time">{formatCountdown(until - now)}</time>
    </div>
  );
}
