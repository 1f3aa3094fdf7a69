import { describe, expect, it } from 'vitest';
import english from 'ra-language-english';
import { keysOf, lookup, LANGUAGES, type Catalogue } from '../i18n';
import commonRu from '../i18n/common/ru';
import commonEn from '../i18n/common/en';
import commonZh from '../i18n/common/zh';
import commonEs from '../i18n/common/es';
import commonFr from '../i18n/common/fr';
import commonAr from '../i18n/common/ar';
import commonPt from '../i18n/common/pt';
import commonDe from '../i18n/common/de';
import adminRu from '../i18n/admin/ru';
import adminEn from '../i18n/admin/en';
import adminZh from '../i18n/admin/zh';
import adminEs from '../i18n/admin/es';
import adminFr from '../i18n/admin/fr';
import adminAr from '../i18n/admin/ar';
import adminPt from '../i18n/admin/pt';
import adminDe from '../i18n/admin/de';
import { ENTITIES } from '../schemas';
import { ADMIN_LOCALES, i18nProvider, loadMessages, toPolyglot } from './i18nProvider';

/** The entities the panel edits: every field label of theirs must read in every language. */
const ADMIN_ENTITIES = ['offers', 'offers_category', 'offers_params', 'offers_params_values', 'shop_banners', 'stores', 'ingredients', 'item_ingredients', 'promo_codes', 'places'] as const;

const ADMIN: Record<string, Catalogue> = { ru: adminRu, en: adminEn, zh: adminZh, es: adminEs, fr: adminFr, ar: adminAr, pt: adminPt, de: adminDe };
/** Languages with an i18n/common catalogue; the others carry the shared texts in their admin catalogue. */
const COMMON: Record<string, Catalogue> = { ru: commonRu, en: commonEn, zh: commonZh, es: commonEs, fr: commonFr, ar: commonAr, pt: commonPt, de: commonDe };
/** Languages with a ra-language package for react-admin 5 (ru, en, fr); the others carry react-admin's texts (`ra`). */
const RA_PACKAGE = new Set(['ru', 'en', 'fr']);

const own = (c: Catalogue) => keysOf(c).filter((k) => k.startsWith('admin.') || k.startsWith('resources.'));
const text = (c: Catalogue, k: string) => lookup(c, k) ?? '';
/**
 * The placeholders of a text, `{name}` and react-admin's `%{name}` alike, over all its plural forms
 * ('Товар |||| Товары': Chinese has one form, Arabic six) and without the count itself, which a language
 * may show in a form where English does not.
 */
const placeholders = (s: string) => [...new Set([...s.matchAll(/%?\{(\w+)\}/g)].map((m) => m[1]))].filter((p) => p !== 'smart_count').sort();
const single = (s: string) => s;

describe('admin catalogues', () => {
  it('cover every language of the shop, and the switcher offers them all', () => {
    expect(Object.keys(ADMIN).sort()).toEqual(LANGUAGES.map((l) => l.value).sort());
    expect(ADMIN_LOCALES.map((l) => l.locale).sort()).toEqual(LANGUAGES.map((l) => l.value).sort());
  });

  for (const [lang, c] of Object.entries(ADMIN)) {
    it(`${lang} has every text of ru.ts with the same placeholders, none empty`, () => {
      expect(own(c).sort()).toEqual(own(adminRu).sort());
      for (const k of keysOf(c)) if (!k.startsWith('ra.')) expect(text(c, k).trim(), `${lang}:${k}`).not.toBe('');
      for (const k of own(adminRu)) expect(placeholders(single(text(c, k))), `${lang}:${k}`).toEqual(placeholders(single(text(adminRu, k))));
    });

    it(`${lang} has the shared texts (errors, common) and react-admin's own`, () => {
      const shared = COMMON[lang];
      for (const k of keysOf(commonRu)) {
        expect(text(shared, k), `${lang}:${k}`).not.toBe('');
        expect(placeholders(text(shared, k)), `${lang}:${k}`).toEqual(placeholders(text(commonRu, k)));
      }
      if (RA_PACKAGE.has(lang)) return;
      for (const k of keysOf(english as unknown as Catalogue)) {
        const en = text(english as unknown as Catalogue, k);
        expect(text(c, k), `${lang}:${k}`).not.toBe('');
        expect(placeholders(single(text(c, k))), `${lang}:${k}`).toEqual(placeholders(single(en)));
      }
    });
  }

  it('translates every label and option of the edited schemas in every language', async () => {
    for (const { locale } of ADMIN_LOCALES) {
      const messages = (await loadMessages(locale)) as unknown as Catalogue;
      for (const name of ADMIN_ENTITIES) {
        for (const f of ENTITIES[name].fields) {
          expect(lookup(messages, f.label), `${locale}: ${f.label}`).toBeTypeOf('string');
          for (const o of f.options ?? []) {
            if (o.label.startsWith('resources.')) expect(lookup(messages, o.label), `${locale}: ${o.label}`).toBeTypeOf('string');
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
    expect(i18nProvider.translate('admin.ingredients.kg')).toBe('кг.');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('admin.auth.code_sent', { phone: '+7 999' })).toBe('The code was sent to +7 999');
    await i18nProvider.changeLocale('de');
    expect(i18nProvider.translate('admin.menu.promo')).toBe('Aktionscodes');
    expect(i18nProvider.translate('ra.action.save')).toBe('Speichern');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 10, total: 42 })).toBe('1–10 von 42');
    await i18nProvider.changeLocale('fr');
    expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
    expect(i18nProvider.translate('common.upload_progress', { percent: 5 })).toMatch(/5 ?%/);
    await i18nProvider.changeLocale('ar');
    expect(i18nProvider.getLocale()).toBe('ar');
    expect(i18nProvider.translate('admin.menu.promo')).not.toBe('admin.menu.promo');
    await i18nProvider.changeLocale('ru');
    expect(toPolyglot('a {x} %{y}')).toBe('a %{x} %{y}');
  });
});
