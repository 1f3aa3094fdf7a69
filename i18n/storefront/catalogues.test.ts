import { describe, expect, it } from 'vitest';
import { keysOf, LANGUAGES, type Catalogue } from '../index';
import commonEn from '../common/en';
import commonRu from '../common/ru';
import commonZh from '../common/zh';
import commonEs from '../common/es';
import commonFr from '../common/fr';
import commonAr from '../common/ar';
import commonPt from '../common/pt';
import commonDe from '../common/de';
import ar from './ar';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';
import zh from './zh';
import arPages from './pages/ar';
import dePages from './pages/de';
import enPages from './pages/en';
import esPages from './pages/es';
import frPages from './pages/fr';
import ptPages from './pages/pt';
import ruPages from './pages/ru';
import zhPages from './pages/zh';

/** Every storefront text exists in all eight languages: the first screen's and the later pages' (pages/). */
const withPages = (first: Catalogue, pages: Catalogue): Catalogue => ({ ...first, ...pages });
const catalogues: Record<string, Catalogue> = {
  ru: withPages(ru, ruPages),
  en: withPages(en, enPages),
  zh: withPages(zh, zhPages),
  es: withPages(es, esPages),
  fr: withPages(fr, frPages),
  ar: withPages(ar, arPages),
  pt: withPages(pt, ptPages),
  de: withPages(de, dePages),
};
const firstScreen: Record<string, Catalogue> = { ru, en, zh, es, fr, ar, pt, de };
const pages: Record<string, Catalogue> = { ru: ruPages, en: enPages, zh: zhPages, es: esPages, fr: frPages, ar: arPages, pt: ptPages, de: dePages };
const common: Record<string, Catalogue> = { ru: commonRu, en: commonEn, zh: commonZh, es: commonEs, fr: commonFr, ar: commonAr, pt: commonPt, de: commonDe };
/** The shared (common) texts the storefront shows, from i18n/common/<lang>.ts. */
const SHOWN_COMMON = ['common.retry', 'common.offline', 'common.loading', 'common.to_main', 'common.reload', 'common.server_error', 'common.page_not_found', 'common.unauthorized_page', 'common.empty_list', 'common.yes', 'common.no', 'errors.no_connection', 'errors.server_error'];
/** Plural forms may differ by language (Chinese has one form, Arabic six). */
const own = (c: Catalogue) => keysOf(c).filter((k) => !k.startsWith('common.') && !k.startsWith('errors.') && !/^(item\.days|filters\.show_n|filters\.show_more)\.(zero|one|two|few|many)$/.test(k));

describe('storefront catalogues', () => {
  it('covers every language of the shop', () => {
    expect(Object.keys(catalogues).sort()).toEqual(LANGUAGES.map((l) => l.value).sort());
  });

  for (const [lang, c] of Object.entries(catalogues)) {
    it(`${lang} has every storefront text, none empty`, () => {
      expect(own(c).sort()).toEqual(own(catalogues.ru).sort());
      for (const k of keysOf(c)) expect(k.split('.').reduce<unknown>((n, p) => (n as Catalogue)[p], c), `${lang}:${k}`).not.toBe('');
      const shared = keysOf(common[lang] ?? {}).concat(keysOf(c));
      for (const k of SHOWN_COMMON) expect(shared, `${lang} lacks ${k}`).toContain(k);
      expect(keysOf(c)).toContain('item.days.other');
    });
  }

  it('keeps each section in one part: the first screen or the later pages', () => {
    for (const lang of Object.keys(firstScreen)) {
      const overlap = Object.keys(pages[lang]).filter((k) => k in firstScreen[lang]);
      expect(overlap, lang).toEqual([]);
      expect(Object.keys(pages[lang]).sort(), lang).toEqual(Object.keys(ruPages).sort());
    }
  });

  it('keeps the seed texts in Russian', () => {
    expect((ru.catalog as Catalogue).unavailable).toBe('Товар недоступен для заказа');
    expect((commonRu.errors as Catalogue).no_connection).toBe('Отсутствует интернет-соединение. Проверьте подключение и повторите попытку');
    expect((commonRu.common as Catalogue).retry).toBe('Повторить попытку');
    expect((commonRu.common as Catalogue).offline).toBe('Оффлайн');
  });
});
