import { describe, expect, it } from 'vitest';
import { setTexts, t, tPlural } from '../../lib/i18n';
import ru from '../../../i18n/storefront/ru';
import ruPages from '../../../i18n/storefront/pages/ru';
import common from '../../../i18n/common/ru';
import { deepMerge } from '../../lib/i18n';
import type { Offer } from '../../lib/types';
import { miniatureCount } from './components/DesktopGallery';
import { daysText, isRetired, mainProperties, relatedCards, paramProperties, sizeProperties, termsOf, typeProperties, variantChoices, yesNo } from './itemView';

setTexts('ru', deepMerge(deepMerge(common, ru), ruPages));

const base: Offer = { id: '1', name: 'x', price: 100, categoryId: '1', images: [] };

describe('item page view rules', () => {
  it('booleans read Да / Нет, anything else nothing', () => {
    expect([yesNo('1', t), yesNo('0', t), yesNo(null, t), yesNo('', t)]).toEqual(['Да', 'Нет', '', '']);
  });

  it('delivery days: до завтра, завтра, N дня, N дней, ranges by their last number', () => {
    expect(['0', '1', '2', '4', '5', '11', '21', '2-4', '5-7', ''].map((d) => daysText(d, t, tPlural))).toEqual([
      'до завтра',
      'завтра',
      '2 дня',
      '4 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '2-4 дня',
      '5-7 дней',
      '',
    ]);
  });

  it('properties in three key groups (main, the type’s own, weight and size), then the custom params by kind', () => {
    const item: Offer = {
      ...base,
      type: 'book',
      vendor: 'Изд',
      manufacturer_warranty: '0',
      author: 'Толстой',
      year: 1869,
      length: 20,
      width: 13,
      height: 4,
      params: [
        { baseId: 327, name: 'Водонепроницаемость', kind: 'bool', value: '1', valueName: '1' },
        { baseId: 331, name: 'Обложка', kind: 'select', value: '2', valueName: 'твёрдая' },
        { baseId: 325, name: 'Диагональ', kind: 'float', unit: 'дюйм', value: '6.1', valueName: '6.1' },
        { baseId: 326, name: 'Пусто', kind: 'number', value: '', valueName: '' },
      ],
    };
    expect(mainProperties(item, t).map((p) => [p.label, p.value])).toEqual([
      ['Производитель', 'Изд'],
      ['Гарантия производителя', 'Нет'],
    ]);
    expect(sizeProperties(item, t).map((p) => [p.label, p.value])).toEqual([['Размеры (Д × Ш × В), см', '20 × 13 × 4']]);
    expect(sizeProperties({ ...item, weight: 0.3 }, t).map((p) => p.value)).toEqual(['0,3', '20 × 13 × 4']);
    expect(typeProperties(item, t).map((p) => [p.label, p.value])).toEqual([
      ['Автор', 'Толстой'],
      ['Год', '1869'],
    ]);
    expect(paramProperties(item, t).map((p) => [p.label, p.value])).toEqual([
      ['Водонепроницаемость', 'Да'],
      ['Обложка', 'твёрдая'],
      ['Диагональ', '6,1 дюйм'],
    ]);
  });

  it('a tour shows its price range as prices', () => {
    const tour: Offer = { ...base, type: 'tour', currencyId: 'RUR', days: 7, price_min: 64900, price_max: 129990 };
    expect(typeProperties(tour, t).map((p) => p.value)).toEqual(['7', '64\u00a0900\u00a0₽', '129\u2009990\u00a0₽']);
  });

  it('delivery and pickup terms; cost 0 is free', () => {
    const terms = termsOf({ ...base, delivery: '1', delivery_options_cost: 0, delivery_options_days: '1', pickup: '1', pickup_options_cost: 150, pickup_options_days: '0', pickup_options_order_before: 18 }, t, tPlural);
    expect(terms).toEqual([
      { kind: 'delivery', cost: 0, days: 'завтра', orderBefore: null },
      { kind: 'pickup', cost: 150, days: 'до завтра', orderBefore: 18 },
    ]);
    expect(termsOf({ ...base, delivery: '0', pickup: '0' }, t, tPlural)).toEqual([]);
  });

  it('miniatures: floor((width − 60) / 122), 3 before the width is known', () => {
    expect([miniatureCount(0), miniatureCount(560), miniatureCount(426), miniatureCount(425)]).toEqual([3, 4, 3, 2]);
  });

  it('a product is retired (no longer sold) when the API says it is not active, and its category\'s list leaves it out', () => {
    expect(isRetired({ id: '1', active: false })).toBe(true);
    expect(isRetired({ id: '1', active: '0' })).toBe(true);
    expect(isRetired({ id: '1', active: true })).toBe(false);
    expect(isRetired({ id: '1' })).toBe(false);
    const cards = Array.from({ length: 12 }, (_, i) => ({ id: String(i) }));
    expect(relatedCards(cards, '3').map((c) => c.id)).toEqual(['0', '1', '2', '4', '5', '6', '7', '8']);
  });
});

describe('variant picker', () => {
  const v = (id: string, options: Record<string, string>, available: '1' | '0' = '1') => ({ id, categoryId: '1', name: `Футболка ${id}`, price: 990, oldprice: null, available, thumb: null, options });
  const group = [v('s-blue', { Размер: 'S', Цвет: 'синий' }, '0'), v('m-blue', { Размер: 'M', Цвет: 'синий' }), v('l-blue', { Размер: 'L', Цвет: 'синий' }), v('m-red', { Размер: 'M', Цвет: 'красный' })];
  const item = (id: string): Offer => ({ ...base, id, dimensions: ['Размер', 'Цвет'], variants: group });
  const row = (id: string, d: string) => variantChoices(item(id)).find((r) => r.dimension === d)!.choices.map((c) => `${c.value}>${c.variant.id}${c.current ? '*' : ''}`);

  it('keeps the other choices where the group has the combination, else opens an available variant of the value', () => {
    expect(row('l-blue', 'Размер')).toEqual(['S>s-blue', 'M>m-blue', 'L>l-blue*']);
    expect(row('l-blue', 'Цвет')).toEqual(['синий>l-blue*', 'красный>m-red']);
    expect(row('m-red', 'Размер')).toEqual(['S>s-blue', 'M>m-red*', 'L>l-blue']);
  });

  it('names the variants when they differ in no param, and shows nothing for a product of no group', () => {
    const plain: Offer = { ...base, id: 'a', dimensions: [], variants: [v('a', {}), v('b', {})] };
    expect(variantChoices(plain)).toEqual([{ dimension: null, choices: [expect.objectContaining({ value: 'Футболка a', current: true }), expect.objectContaining({ value: 'Футболка b', current: false })] }]);
    expect(variantChoices(base)).toEqual([]);
  });
});
