import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerNotificationsRest } from './rest';
import { registerSubscriptions } from './subscriptions.rest';
import { consoleMailAdapter, smsAdapter, smtpAdapter, startSender, telegramAdapter, type ChannelAdapter } from './sender';

export interface NotificationsOptions {
  /** The channels (default: SMTP or the log for e-mail, the Bot API for Telegram). */
  adapters?: Record<string, ChannelAdapter>;
}

/**
 * The owner's notifications: /rest/subscriptions, /rest/notifications (the outbox), and the sender that
 * sends it: every process runs one; a row is taken by one of them.
 */
export const notificationsFeature: FastifyPluginAsync<NotificationsOptions> = async (app, opts) => {
  const { config, db } = app.services;
  await registerRestRoutes(app, ['subscriptions', 'notifications'], (rest) => {
    registerSubscriptions(rest, app.services);
    registerNotificationsRest(rest, app.services);
  });
  if (config.notifyIntervalMs > 0) {
    const log = (msg: string, err?: unknown) => app.log.warn({ err }, msg);
    const adapters = opts.adapters ?? {
      email: config.smtpUrl
        ? smtpAdapter(config.smtpUrl, config.mailFrom)
        : config.production
          ? async () => {
              throw new Error('SMTP_URL is not configured');
            }
          : consoleMailAdapter((l) => app.log.info(l)),
      telegram: telegramAdapter(config.telegramApiUrl),
      sms: smsAdapter(app.services.sms),
    };
    const sender = startSender(db, {
      adapters,
      intervalMs: config.notifyIntervalMs,
      retryBaseMs: config.notifyRetryBaseMs,
      maxAttempts: config.notifyMaxAttempts,
      orderSmsPerDay: config.orderSmsPerDay,
      log,
    });
    app.addHook('onClose', () => sender.stop());
  }
};
