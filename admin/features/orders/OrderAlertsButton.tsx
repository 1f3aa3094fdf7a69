import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
// The menu's bell (notifications) for 'on': one icon fewer in the panel's first download.
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import { useOrderAlerts } from './liveOrdersStore';
import { beep } from './beep';

/**
 * The app bar's bell: turns on (or off) a sound and a browser notification for each new order. The browser
 * asks for the notification permission on this click only; the choice is remembered in this browser.
 */
export default function OrderAlertsButton() {
  const translate = useTranslate();
  const [on, setOn] = useOrderAlerts();
  const label = translate(on ? 'admin.orders.live.alerts_on' : 'admin.orders.live.alerts_off');
  const toggle = async () => {
    if (on) return setOn(false);
    // Refused or unsupported: the sound still works.
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') await Notification.requestPermission().catch(() => null);
    setOn(true);
    beep();
  };
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={on} onClick={() => void toggle()}>
        {on ? <NotificationsOutlined /> : <NotificationsOffOutlined />}
      </IconButton>
    </Tooltip>
  );
}
