export { enqueue, enqueueNewOrder, enqueueStatusChange, enqueueQuestion, enqueueImportFailed, ownerDestinations, type OrderFacts } from './outbox';
export { startSender, sendDue, smtpAdapter, telegramAdapter, consoleMailAdapter, backoffMs, type ChannelAdapter } from './sender';
export { registerNotificationsRest } from './rest';
