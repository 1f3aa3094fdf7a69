/** What the other features may use of notifications (they import nothing else of it). */
export { enqueue, enqueueNewOrder, enqueueStatusChange, enqueueQuestion, enqueueImportFailed, ownerDestinations, type OrderFacts } from './outbox';
export { startSender, sendDue, smtpAdapter, telegramAdapter, consoleMailAdapter, backoffMs, type ChannelAdapter } from './sender';
export { latestSeq, notificationsAfter, notify, savePushToken } from './notifications';
