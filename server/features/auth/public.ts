/** What other features may use of sign-in. */
export { normalizePhone, ensureUser, makeOwner } from './auth';
export { consoleSms, httpSms, type SmsSender } from './sms';
