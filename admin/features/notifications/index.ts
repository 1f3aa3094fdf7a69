import { lazy } from 'react';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import type { ResourceDefinition } from '../../components/buildResource';

/** The notifications outbox (REST /rest/notifications): what was sent, what waits, what failed and why. */
export const notifications: ResourceDefinition = {
  name: 'notifications',
  list: lazy(() => import('./NotificationList')),
  icon: NotificationsOutlined,
};
