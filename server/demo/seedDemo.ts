import path from 'node:path';
import sharp from 'sharp';
import { placeSchema, promoCodeSchema, ingredientSchema, toRow, WEEK_DAYS } from '../../schemas';
import type { Database } from '../db/database';
import { makeOwner } from '../features/auth/public';
import type { ImageStore } from '../features/images/public';
import { createStore, saveStore } from '../features/stores/public';
import { importYml, type ImportResult } from '../features/yml/public';
import fs from 'node:fs';

export const DEMO_DIR = import.meta.dirname;

const PAGES = {
  about_company:
    '<h2>О компании</h2><p>Демо-магазин показывает, как работает конструктор интернет-магазинов: каталог из YML-фида, корзина, промокоды, доставка и самовывоз.</p><p>Все товары и цены вымышлены.</p>',
  delivery:
    '<h2>Доставка</h2><ul><li>Курьером по Санкт-Петербургу в зоне доставки — 200 ₽, бесплатно от 3000 ₽.</li><li>Самовывоз из наших магазинов — бесплатно.</li></ul><p>Доставляем ежедневно, круглосуточно.</p>',
  payment: '<h2>Оплата</h2><ul><li>Наличными курьеру</li><li>Картой курьеру</li><li>Картой на сайте</li></ul>',
  contacts: '<h2>Контакты</h2><p>Телефон: <a href="tel:+78125550123">+7 (812) 555-01-23</a></p><p>Почта: <a href="mailto:shop@example.com">shop@example.com</a></p><p>Санкт-Петербург, Каменноостровский пр., 10</p>',
};

/** A rectangle-ish zone around a point, as [lat, lon] pairs. */
const zone = (lat: number, lon: number, dLat: number, dLon: number): [number, number][] => [
  [lat - dLat, lon - dLon],
  [lat - dLat * 1.1, lon + dLon * 0.2],
  [lat - dLat, lon + dLon],
  [lat + dLat, lon + dLon],
  [lat + dLat * 1.1, lon - dLon * 0.1],
  [lat + dLat, lon - dLon],
];

async function banner(images: ImageStore, storeId: number, title: string, subtitle: string, from: string, to: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="400" fill="url(#g)"/><circle cx="1020" cy="90" r="220" fill="#ffffff" opacity="0.12"/><text x="70" y="190" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#fff">${title}</text><text x="70" y="260" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#fff" opacity="0.9">${subtitle}</text></svg>`;
  return images.saveImage(storeId, 'banners', await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer());
}

/** On first start of an empty database: the demo shop, its owner, catalogue, banners, places, promo codes and ingredients. */
export async function seedDemoIfEmpty(database: Database, images: ImageStore, ownerPhone: string): Promise<ImportResult | null> {
  const { db, dialect } = database;
  const any = await db.selectFrom('stores').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const storeId = await createStore(db, { name: 'Демо-магазин', domain: 'localhost' });
  const store = await db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
  await saveStore(db, store, {
    name: 'Демо-магазин',
    domain: 'localhost',
    phone: '+7 (812) 555-01-23',
    email: 'shop@example.com',
    title: 'Демо-магазин — конструктор интернет-магазинов',
    min_sum: 500,
    delivery_cost: 200,
    free_delivery_from: 3000,
    pay_online: true,
    is_pickup: true,
    count_controls: true,
    timer: true,
    change: true,
    delivery_popup: 'Заказ принят! Курьер позвонит за час до доставки.',
    pickup_popup: 'Заказ принят! Мы пришлём SMS, когда он будет готов к выдаче.',
    ...PAGES,
  });
  await makeOwner(db, storeId, ownerPhone);
  const result = await importYml(db, dialect, images, storeId, fs.createReadStream(path.join(DEMO_DIR, 'demo.yml')), { baseDir: DEMO_DIR });

  const banners = [
    await banner(images, storeId, 'Скидки до 30%', 'на электронику до конца месяца', '#1971c2', '#7048e8'),
    await banner(images, storeId, 'Книжная неделя', 'каждая вторая книга за полцены', '#e8590c', '#f59f00'),
    await banner(images, storeId, 'Бесплатная доставка', 'при заказе от 3000 ₽', '#2b8a3e', '#0ca678'),
  ];
  const links = ['/category/1', '/category/2', '/delivery'];
  const widths = ['100', '50', '50'];
  for (const [i, b] of banners.entries()) {
    await db.insertInto('banners').values({ store_id: storeId, sort: i + 1, data: JSON.stringify({ ...b, link: links[i], width: widths[i] }) }).execute();
  }

  const places = [
    { name: 'Петроградская', country: 'Россия', city: 'Санкт-Петербург', address: 'Каменноостровский пр., 10', latitude: '59.9585', longitude: '30.3105', coords: zone(59.958, 30.306, 0.02, 0.04), color: '25,113,194,1', phone: '+7 (812) 555-01-23' },
    { name: 'Васильевский остров', country: 'Россия', city: 'Санкт-Петербург', address: '7-я линия В.О., 34', latitude: '59.9410', longitude: '30.2790', coords: zone(59.945, 30.28, 0.03, 0.05), color: '47,158,68,1', phone: '+7 (812) 555-01-24' },
  ];
  for (const [i, p] of places.entries()) {
    // Every day, the whole day: the demo shop takes orders whenever someone tries it (and whenever e2e tests run).
    const { data } = toRow(placeSchema, { ...p, week: Object.fromEntries(WEEK_DAYS.map((d) => [d, { from: '00:00', to: '23:59', isWeekend: false }])) });
    await db.insertInto('places').values({ store_id: storeId, name: p.name, sort: i, data: JSON.stringify(data) }).execute();
  }
  const year = new Date().getFullYear();
  const promos = [
    { name: 'Скидка 20%', code: 'SALE20', discount: 20, isOnceOnly: false, condition: 0 },
    { name: 'Первый заказ', code: 'WELCOME5', discount: 5, isOnceOnly: true, condition: 0 },
    { name: 'Для друзей', code: 'FRIEND5', discount: 5, isOnceOnly: false, condition: 1000 },
    { name: 'Чёрная пятница', code: 'HALF50', discount: 50, isOnceOnly: false, condition: 5000, dateFrom: `${year}-11-01`, dateTo: `${year + 1}-12-31` },
  ];
  for (const p of promos) {
    const { data } = toRow(promoCodeSchema, p);
    await db.insertInto('promo_codes').values({ store_id: storeId, code: p.code, used_count: 0, data: JSON.stringify(data) }).execute();
  }
  for (const ing of [
    { name: 'Подарочная упаковка', quantity: 0.2, price: 150 },
    { name: 'Защитная плёнка', quantity: 0.05, price: 390 },
    { name: 'Закладка для книги', quantity: 0.01, price: 50 },
  ]) {
    const { data } = toRow(ingredientSchema, ing);
    await db.insertInto('ingredients').values({ store_id: storeId, name: ing.name, data: JSON.stringify(data) }).execute();
  }
  return result;
}
