import { format, isLang, lookup, type Lang } from '../../../i18n';
import { SERVER_TEXTS as CATALOGUES } from '../../../i18n/server';

const ru = CATALOGUES.ru;

/** The messages the shop sends; each has a default text per language and an owner's override (tpl_<event>). */
export const EVENTS = ['new_order', 'order_confirmation', 'order_status', 'order_sms', 'question', 'import_failed', 'low_stock', 'signin_guessed'] as const;
export type NotificationEvent = (typeof EVENTS)[number];

export interface Message {
  subject: string;
  body: string;
}

/** A notification text in the shop's language: `notifications.<key>` of i18n/server (the server's own texts), Russian when missing. */
export function text(lang: unknown, key: string): string {
  const l: Lang = isLang(lang) ? lang : 'ru';
  return lookup(CATALOGUES[l], `notifications.${key}`) ?? lookup(ru, `notifications.${key}`) ?? key;
}

/**
 * Renders a message: the owner's template for the event when set, else the default of the language;
 * `{name}` placeholders filled; the first line is the subject (e-mail) and the whole text the body.
 */
export function render(settings: Record<string, unknown>, event: NotificationEvent, vars: Record<string, string | number>, lang: unknown = settings.notify_lang): Message {
  const own = settings[`tpl_${event}`];
  const template = typeof own === 'string' && own.trim() !== '' ? own : text(lang, event);
  const filled = format(template.replace(/\r\n/g, '\n'), vars).trim();
  const [first, ...rest] = filled.split('\n');
  return { subject: first.slice(0, 200), body: rest.length ? filled : first };
}
