import { describe, expect, it } from 'vitest';
import { keysOf, lookup, type Catalogue } from '../i18n';
import adminRu from '../i18n/admin/ru';
import adminEn from '../i18n/admin/en';
import { ENTITIES } from '../schemas';
import { MESSAGES, i18nProvider, toPolyglot } from './i18nProvider';

/** The entities the panel edits: every field label of theirs must read in both languages. */
const ADMIN_ENTITIES = ['offers', 'offers_category', 'offers_params', 'offers_params_values', 'shop_banners', 'stores', 'ingredients', 'item_ingredients', 'promo_codes', 'places'] as const;

describe('admin i18n', () => {
  it('has the same keys in Russian and English', () => {
    expect(keysOf(adminEn as Catalogue).sort()).toEqual(keysOf(adminRu as Catalogue).sort());
  });

  it('translates every label and option of the edited schemas', () => {
    for (const name of ADMIN_ENTITIES) {
      for (const f of ENTITIES[name].fields) {
        for (const [lang, messages] of Object.entries(MESSAGES)) {
          expect(lookup(messages as unknown as Catalogue, f.label), `${lang}: ${f.label}`).toBeTypeOf('string');
          for (const o of f.options ?? []) {
            if (o.label.startsWith('resources.')) expect(lookup(messages as unknown as Catalogue, o.label), `${lang}: ${o.label}`).toBeTypeOf('string');
          }
        }
      }
    }
  });

  it("merges react-admin's own texts, the shared ones and the panel's, with Polyglot placeholders", async () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Сохранить');
    expect(i18nProvider.translate('errors.invalid_phone')).toBe('Неверно записан номер');
    expect(i18nProvider.translate('common.upload_progress', { percent: 42 })).toBe('Загрузка 42%');
    expect(i18nProvider.translate('resources.offers.options.vendor.model')).toBe('Товар с производителем и моделью');
    expect(i18nProvider.translate('resources.offers.name', { smart_count: 2 })).toBe('Товары');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('admin.auth.code_sent', { phone: '+7 999' })).toBe('The code was sent to +7 999');
    await i18nProvider.changeLocale('ru');
    expect(toPolyglot('a {x} %{y}')).toBe('a %{x} %{y}');
  });
});
