import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/** Booleans are 0/1 integers and timestamps ISO strings on both databases; `data` is a JSON document. */
export interface StoresTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  /** The live domain: the Host header picks the shop by it. */
  domain: string | null;
  /** A domain the owner asked for, live once proven (features/stores/domains.ts), and the proof's token. */
  domain_pending: string | null;
  domain_token: string | null;
  active: number;
  deleted: number;
  data: string;
  created_at: string;
}
export interface UsersTable {
  id: Generated<number>;
  store_id: number;
  phone: string;
  name: string | null;
  created_at: string;
}
export interface SessionsTable {
  id: Generated<number>;
  store_id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}
export interface SmsCodesTable {
  id: Generated<number>;
  store_id: number;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}
export interface CategoriesTable {
  store_id: number;
  id: string;
  parent_id: string;
  name: string;
  sort: number;
  data: string;
  /** 1 when the last YML import no longer had it (hidden, not deleted). */
  hidden: Generated<number>;
}
export interface OffersTable {
  store_id: number;
  id: string;
  type: string;
  name: string;
  vendor: string | null;
  price: number;
  oldprice: number | null;
  category_id: string;
  /** '/top/…/category_id/' from the visible tree (features/catalogue/categories.ts categoryPath); kept on every write. */
  cat_path: Generated<string>;
  available: number;
  active: number;
  deleted: number;
  picture: string | null;
  thumb: string | null;
  sort: number;
  /** Units left; null: not counted (unlimited). */
  stock: Generated<number | null>;
  created_at: string;
  updated_at: string;
  data: string;
  /** Filters 292 and 306 (migrations/2026112702_offer_flag_columns.ts): 1 or 0; the warranty null when not stated. */
  shop: Generated<number>;
  manufacturer_warranty: Generated<number | null>;
  /** The last import's `<feed offer hash>:<row hash>` (migrations/2026112512_offer_feed_hash.ts); null otherwise. */
  feed_hash: Generated<string | null>;
  /** YML `group_id` (field 560): the variants of one product (db/offerGroups.ts). */
  group_id: Generated<string | null>;
  /** 1: an offer of a group other than its head, left out of the lists (db/offerGroups.ts). */
  folded: Generated<number>;
  /** 1: hidden by the owner, which no import undoes (migrations/2026113030_owner_hidden.ts); `active` is then 0. */
  owner_hidden: Generated<number>;
  /** The fields the owner changed by hand, which imports keep, comma-separated (migrations/2026113050_owner_fields.ts). */
  owner_fields: string | null;
}
export interface OfferParamsTable {
  store_id: number;
  offer_id: string;
  base_id: number;
  value: string;
  num: number | null;
}
export interface ParamsTable {
  id: Generated<number>;
  store_id: number;
  base_id: number;
  category_id: string;
  name: string;
  kind: string;
  is_required: number;
  unit: string | null;
  sort: number;
}
export interface ParamValuesTable {
  store_id: number;
  param_id: number;
  id: string;
  name: string;
  sort: number;
}
export interface BannersTable {
  id: Generated<number>;
  store_id: number;
  sort: number;
  data: string;
}
export interface PlacesTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  sort: number;
  data: string;
}
export interface PromoCodesTable {
  id: Generated<number>;
  store_id: number;
  code: string;
  used_count: number;
  data: string;
}
export interface IngredientsTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  data: string;
}
export interface OfferSearchTable {
  store_id: number;
  offer_id: string;
  /** Stems of the product's name fields (lib/searchText.ts). */
  name: string;
  text: string;
}

/** A shop's product-name words for typo tolerance (migration 2026112902, features/catalogue/searchWords.ts). */
export interface SearchWordsTable {
  store_id: number;
  word: string;
  /** Products naming it (added up by the writes; a deleted product's count stays). */
  hits: number;
}

/* Checkout (migration 2026112103). */
/** An order's line as a row (the dashboard's top products); the order's JSON keeps the lines too. */
export interface OrderLinesTable {
  store_id: number;
  order_id: number;
  line_no: number;
  offer_id: string;
  name: string;
  quantity: number;
  sum: number;
}
export interface OrdersTable {
  /** Internal: other rows point at it; never shown (the number is). */
  id: Generated<number>;
  store_id: number;
  /** The order's number in its shop (1, 2, 3...), the one the shopper and the owner see. */
  number: number;
  user_id: number | null;
  device_id: string | null;
  idempotency_key: string;
  status: string;
  payment: string | null;
  payment_status: string;
  receiving: string;
  place_id: number | null;
  total: number;
  delivery_cost: number;
  date: string;
  created_at: string;
  updated_at: string;
  data: string;
  /** The customer's language (a Lang) for the texts sent to them later; null: the shop's. */
  lang: string | null;
  /** Until when an order without a checked phone holds its counted stock (ISO); null: held as long as it stands. */
  hold_until: Generated<string | null>;
}
export interface PaymentsTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  attempt: number;
  acquirer_order_id: string | null;
  amount: number;
  status: string;
  form_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
/** A message waiting to be sent, sent, or given up on (server/features/notifications). */
export interface OutboxTable {
  id: Generated<number>;
  store_id: number;
  event: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<string>;
  attempts: Generated<number>;
  next_at: string;
  last_error: string | null;
  order_id: number | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  store_id: number;
  user_id: number | null;
  device_id: string | null;
  header: string;
  description: string;
  img: string | null;
  from_id: string | null;
  order_id: number | null;
  created_at: string;
  /** The shop's own number of the notification (migration 2026112950): what api=inner_push polls by. */
  seq: Generated<number>;
}
export interface PushTokensTable {
  id: Generated<number>;
  store_id: number;
  user_id: number | null;
  device_id: string | null;
  push_token: string;
  device: string | null;
  created_at: string;
  updated_at: string;
}
export interface QuestionsTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  user_id: number | null;
  device_id: string | null;
  created_at: string;
  data: string;
  /** Attachments still to encode (migration 2026113020, features/questions/attachments.ts); 0 when done. */
  pending: Generated<number>;
  /** When a worker claimed them (a lease). */
  pending_at: string | null;
}
export interface SubscriptionsTable {
  id: Generated<number>;
  store_id: number;
  email: string;
  created_at: string;
  data: string;
}
export interface ItemIngredientsTable {
  id: Generated<number>;
  store_id: number;
  offer_id: string;
  ingredient_id: number;
  data: string;
}

export interface YmlJobsTable {
  id: Generated<number>;
  store_id: number;
  source: string;
  status: string;
  file_path: string | null;
  file_name: string | null;
  url: string | null;
  total_bytes: number | null;
  bytes_read: Generated<number>;
  offers_read: Generated<number>;
  cancel_requested: Generated<number>;
  worker: string | null;
  report: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string | null;
  /** 'replace' | 'merge' (features/yml/write/importMode.ts). */
  mode: Generated<string>;
  /** 1: a preview (counts, rolled back). */
  preview: Generated<number>;
}
export interface FeedPicturesTable {
  store_id: number;
  url: string;
  status: Generated<string>;
  thumb: string | null;
  tries: Generated<number>;
  claimed_at: string | null;
  updated_at: string;
}

/** One row per store, bumped on every catalogue write: the key of the per-process catalogue caches. */
export interface CatalogueVersionsTable {
  store_id: number;
  version: number;
  /** Bumped with `version` except by stock and picture writes (migrations/2026113040_catalogue_shape.ts). */
  shape: Generated<number>;
}

/** The catalogue version at which an owner's save last changed a category's own products (migrations/2026120100_category_changes.ts). */
export interface CategoryChangesTable {
  store_id: number;
  category_id: string;
  version: number;
}

/** A category's own products' use of its filters as read for a shape (migrations/2026120110_category_uses.ts). */
export interface CategoryUsesTable {
  store_id: number;
  category_id: string;
  shape: number;
  version: number;
  /** JSON: features/catalogue/categoryFilters.ts storedUse. */
  use: string;
}

/** @fastify/rate-limit's counters, shared by every process on the database (lib/rateLimitStore.ts). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface DB {
  rate_limits: RateLimitsTable;
  catalogue_versions: CatalogueVersionsTable;
  category_changes: CategoryChangesTable;
  category_uses: CategoryUsesTable;
  stores: StoresTable;
  users: UsersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  categories: CategoriesTable;
  offers: OffersTable;
  offer_params: OfferParamsTable;
  params: ParamsTable;
  param_values: ParamValuesTable;
  banners: BannersTable;
  places: PlacesTable;
  promo_codes: PromoCodesTable;
  ingredients: IngredientsTable;
  offer_search: OfferSearchTable;
  search_words: SearchWordsTable;
  orders: OrdersTable;
  order_numbers: { store_id: number; last: number };
  notification_seqs: { store_id: number; last: number };
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  notifications: NotificationsTable;
  outbox: OutboxTable;
  push_tokens: PushTokensTable;
  questions: QuestionsTable;
  subscriptions: SubscriptionsTable;
  item_ingredients: ItemIngredientsTable;
  yml_jobs: YmlJobsTable;
  /** The last import's undo rows (migration 2026113010, features/yml/write/importUndo.ts). */
  import_undo: { store_id: number; kind: string; key: string; data: string | null };
  feed_pictures: FeedPicturesTable;
}

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
/** Repositories take either the database or a transaction. */
export type Executor = Db | Tx;
export type Store = Selectable<StoresTable>;
export type OfferRow = Selectable<OffersTable>;
export type NewOffer = Insertable<OffersTable>;
