import { describe, expect, it } from 'vitest';
import { SMS_SHOP_NAME_MAX, signInSms, smsShopName } from './smsText';

describe('the shop name in the sign-in SMS', () => {
  it('keeps an ordinary name as it is', () => {
    for (const name of ['Демо-магазин', "L'Atelier des fleurs", 'Цветы на Невском']) expect(smsShopName(name), name).toBe(name);
  });

  it('removes digits, phone numbers, links, addresses and sentence punctuation, and cuts at a word', () => {
    const cases: [string, string][] = [
      ['Сбербанк. Ваша карта заблокирована, звоните +7 (800) 555-35-35', 'Сбербанк Ваша карта'],
      ['Магазин 24', 'Магазин'],
      ['Скидка! Заходи на sber-bank.ru/help', 'Скидка Заходи на'],
      ['https://evil.example/x Вход', 'Вход'],
      ['www.evil.example', ''],
      ['Пишите в t.me/support', 'Пишите в'],
      ['admin@evil.example или @evil_bot', 'или'],
      ['８００ полные цифры', 'полные цифры'],
      ['Строка\nвторая\u202eобратно', 'Строка вторая'],
      ['Код 1234 никому не говорите', 'Код никому не'],
      ['ОченьДлинноеНазваниеБезПробелов', 'ОченьДлинноеНазвание'],
      ['🎁 Подарки 🎁', 'Подарки'],
    ];
    for (const [name, want] of cases) expect(smsShopName(name), name).toBe(want);
    for (const [name] of cases) {
      const text = smsShopName(name);
      expect(text.length).toBeLessThanOrEqual(SMS_SHOP_NAME_MAX);
      expect(text).not.toMatch(/\d|\.|:|\/|@|\+/);
    }
  });

  it.each<[...args: Parameters<typeof signInSms>, text: string]>([
    ['ru', 'Демо-магазин', '1234', 'Код для входа в Демо-магазин: 1234'],
    ['ru', '+7 800 555 35 35', '1234', 'Код для входа: 1234'],
    ['en', 'Shop 1', '123456', 'Your code for Shop: 123456'],
  ])('is the platform template around the cleaned name, or the template without a name: %s %s', (lang, name, code, text) => {
    expect(signInSms(lang, name, code)).toBe(text);
  });
});
