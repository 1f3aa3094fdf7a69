import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { useOrderAlerts } from './liveOrders';
import { beep, unlockSound } from './beep';

/**
 * The app bar's bell: turns on (or off) a sound and a browser notification for each new order. The browser
 * asks for the notification permission on this click only; the choice is remembered in this browser.
 */
export function OrderAlertsButton() {
  const translate = useTranslate();
  const [on, setOn] = useOrderAlerts();
  const label = translate(on ? 'admin.orders.live.alerts_on' : 'admin.orders.live.alerts_off');
  const toggle = async () => {
    if (on) return setOn(false);
    unlockSound();
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
      try {
        await Notification.requestPermission();
      } catch {
        /* the sound still works */
      }
    }
    setOn(true);
    beep();
  };
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={on} onClick={() => void toggle()}>
        {on ? <NotificationsActiveOutlined /> : <NotificationsOffOutlined />}
      </IconButton>
    </Tooltip>
  );
}
