import { defineEntity, type FieldInput } from './field';
import { THEME_COLOURS } from './colours';

import { REQUIRED_ORDER_FIELDS } from './rules/order';

/** A language code the shop speaks (i18n/ has one folder of texts for each). */
export const LANG_CODE = /^(ru|en|zh|es|fr|ar|pt|de)$/;

export { REQUIRED_ORDER_FIELDS };

/** Element toggles (seed "Controls") with their defaults. */
export const CONTROLS = [
  ['timer', false],
  ['change', false],
  ['count_controls', false],
  ['show_products', true],
  ['show_categories', true],
  ['is_pickup', false],
  ['is_delivery', true],
  ['map', true],
  ['stop_purchase', false],
] as const;

/** Sberbank's taxType codes offered: no VAT, 0 %, 10 %, 10/110, 20 %, 20/120. */
export const VAT_RATES = ['0', '1', '2', '4', '6', '7'] as const;
/** Sberbank's taxSystem codes: general, simplified (income), simplified (income minus expense), agricultural, patent. */
export const TAX_SYSTEMS = ['0', '1', '2', '4', '5'] as const;
/** Refresh schedules of the store's YML link, and their periods in hours. */
export const YML_SCHEDULES = ['off', 'hourly', 'every_6h', 'daily'] as const;
export type YmlSchedule = (typeof YML_SCHEDULES)[number];
export const YML_SCHEDULE_HOURS: Record<YmlSchedule, number> = { off: 0, hourly: 1, every_6h: 6, daily: 24 };

export const RICH_TEXT_PAGES = ['about_company', 'delivery', 'payment', 'contacts'] as const;
export type RichTextPage = (typeof RICH_TEXT_PAGES)[number];

const storeFields = [
  { no: 397, key: 'user_id', name: 'userId', type: 'number', readOnly: true, column: 'user_id' },
  { no: 398, key: 'store_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 399, key: 'name', type: 'varchar', required: true, maxLength: 200, column: 'name' },
  { no: 400, key: 'yml_link', type: 'url', maxLength: 2000 },
  // How often the server imports the feed at yml_link again (server/features/yml/jobs/jobs.ts starts due jobs).
  {
    no: 424,
    key: 'yml_schedule',
    type: 'select',
    default: 'off',
    options: YML_SCHEDULES.map((id) => ({ id, label: `admin.yml.schedules.${id}` })),
    label: 'admin.yml.schedule_label',
  },
  { no: 401, key: 'logo', type: 'image' },
  { no: 402, key: 'domain', type: 'varchar', required: true, maxLength: 253, column: 'domain', pattern: /^[a-z0-9.:-]+$/i },
  { no: 403, key: 'custom_css', type: 'textarea', maxLength: 100_000, rows: 10 },
  { no: 404, key: 'phone', type: 'phone', required: true, maxLength: 30, mask: '+7 (999) 999-99-99' },
  { no: 405, key: 'email', type: 'email', required: true, maxLength: 254 },
  { no: 406, key: 'min_sum', type: 'float', default: 0, min: 0 },
  { no: 407, key: 'cashbox_key', type: 'varchar', maxLength: 500, secret: true },
  { no: 408, key: 'acquiring_login', type: 'varchar', maxLength: 200, secret: true },
  { no: 409, key: 'acquiring_password', type: 'varchar', maxLength: 200, secret: true },
  { no: 410, key: 'delivery_duration', type: 'number', default: 100, min: 0 },
  { no: 411, key: 'delivery_cost', type: 'float', default: 0, min: 0 },
  { no: 412, key: 'delivery_popup', type: 'textarea', default: 'Заказ принят', maxLength: 1000 },
  { no: 413, key: 'pickup_popup', type: 'textarea', default: 'Заказ принят', maxLength: 1000 },
  { no: 414, key: 'pay_cash', type: 'bool', default: true },
  { no: 415, key: 'pay_card', type: 'bool', default: true },
  { no: 416, key: 'pay_online', type: 'bool', default: false },
  { no: 417, key: 'favicon', type: 'image' },
  { no: 418, key: 'title', type: 'varchar', maxLength: 200 },
  { no: 419, key: 'timezone', type: 'varchar', default: 'Europe/Moscow', maxLength: 64 },
  { no: 420, key: 'currency', type: 'varchar', default: 'RUR', maxLength: 3 },
  { no: 421, key: 'free_delivery_from', type: 'float', default: 0, min: 0 },
  // The optional SMS code check of the customer's phone before an order (seed "Order flow").
  { no: 422, key: 'sms_check', type: 'bool', default: false, label: 'resources.stores.fields.sms_check' },
  // Derived, never stored: whether card payment on the site works now (pay_online and the acquirer set up).
  // server/features/stores/stores.ts storeToApi computes it.
  { no: 423, key: 'online_payment', type: 'bool', derived: true },
  // Derived, the owner's only: the domain's state ('live', 'pending' until proven, 'none'), the live domain
  // and the TXT value that proves a pending one (server/features/stores/domains.ts).
  { no: 425, key: 'domain_status', type: 'varchar', derived: true, secret: true },
  { no: 426, key: 'domain_live', type: 'varchar', derived: true, secret: true },
  { no: 427, key: 'domain_proof', type: 'varchar', derived: true, secret: true },
  // Notifications (server/features/notifications): where the owner hears of orders, questions and failed
  // imports, the customer's e-mails, the language and the owner's own texts (empty: the default in i18n/).
  { no: 770, key: 'notify_lang', type: 'varchar', default: 'ru', maxLength: 2, pattern: LANG_CODE },
  { no: 771, key: 'notify_orders_email', type: 'email', maxLength: 254 },
  { no: 772, key: 'notify_orders_telegram', type: 'varchar', maxLength: 64, pattern: /^-?\d{1,20}$|^@[A-Za-z0-9_]{4,60}$/ },
  { no: 773, key: 'notify_questions_email', type: 'email', maxLength: 254 },
  { no: 774, key: 'notify_questions_telegram', type: 'varchar', maxLength: 64, pattern: /^-?\d{1,20}$|^@[A-Za-z0-9_]{4,60}$/ },
  { no: 775, key: 'notify_imports_email', type: 'email', maxLength: 254 },
  { no: 776, key: 'notify_imports_telegram', type: 'varchar', maxLength: 64, pattern: /^-?\d{1,20}$|^@[A-Za-z0-9_]{4,60}$/ },
  { no: 777, key: 'telegram_bot_token', type: 'varchar', maxLength: 100, secret: true, pattern: /^\d{1,20}:[A-Za-z0-9_-]{10,80}$/ },
  { no: 778, key: 'notify_customers', type: 'bool', default: true },
  { no: 779, key: 'tpl_new_order', type: 'textarea', maxLength: 4000, rows: 4 },
  { no: 780, key: 'tpl_order_confirmation', type: 'textarea', maxLength: 4000, rows: 4 },
  { no: 781, key: 'tpl_order_status', type: 'textarea', maxLength: 4000, rows: 4 },
  { no: 782, key: 'tpl_question', type: 'textarea', maxLength: 4000, rows: 4 },
  { no: 783, key: 'tpl_import_failed', type: 'textarea', maxLength: 4000, rows: 4 },
  // Stock: the owner's order channels hear of a product whose stock an order brings to this many or fewer.
  { no: 787, key: 'low_stock_at', type: 'number', default: 3, min: 0, max: 1e6 },
  { no: 788, key: 'tpl_low_stock', type: 'textarea', maxLength: 4000, rows: 4 },
  // 54-FZ receipts: the card payment's register call carries the basket (orderBundle) with this VAT rate
  // (Sberbank taxType) and tax system; the cash register of the acquirer prints the receipt.
  { no: 784, key: 'receipts', type: 'bool', default: true },
  { no: 785, key: 'vat_rate', type: 'select', default: '0', options: VAT_RATES.map((id) => ({ id, label: `resources.stores.vat.${id}` })) },
  { no: 786, key: 'tax_system', type: 'select', default: '1', options: TAX_SYSTEMS.map((id) => ({ id, label: `resources.stores.tax_systems.${id}` })) },
  { no: 429, key: 'about_company', type: 'wysiwyg', rows: 10, maxLength: 200_000 },
  { no: 430, key: 'delivery', type: 'wysiwyg', rows: 10, maxLength: 200_000 },
  { no: 431, key: 'payment', type: 'wysiwyg', rows: 10, maxLength: 200_000 },
  { no: 432, key: 'contacts', type: 'wysiwyg', rows: 10, maxLength: 200_000 },
  { no: 433, key: 'active', type: 'bool', default: true, readOnly: true, column: 'active' },
  { no: 434, key: 'deleted', type: 'bool', default: false, readOnly: true, column: 'deleted' },
  ...REQUIRED_ORDER_FIELDS.map(([key, def], i) => ({
    no: 440 + i,
    key,
    type: 'bool' as const,
    default: def,
    group: 'required_fields' as const,
    label: `resources.orders.fields.${key}`,
  })),
  ...CONTROLS.map(([key, def], i) => ({
    no: 450 + i,
    key,
    type: 'bool' as const,
    default: def,
    group: 'controls' as const,
    label: `resources.stores.controls.${key}`,
  })),
  ...THEME_COLOURS.map(([key, def], i) => ({
    no: 500 + i,
    key,
    type: 'colour' as const,
    default: def,
    group: 'colors' as const,
    label: `resources.stores.colors.${key}`,
  })),
] as const satisfies readonly FieldInput[];

export const storeSchema = defineEntity('stores', 'stores', storeFields);
