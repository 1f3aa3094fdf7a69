import { describe, expect, it } from 'vitest';
import { SMS_SHOP_NAME_MAX, signInSms, smsShopName } from './smsText';

describe('the shop name in the sign-in SMS', () => {
  it('keeps an ordinary name as it is', () => {
    expect(smsShopName('Демо-магазин')).toBe('Демо-магазин');
    expect(smsShopName("L'Atelier des fleurs")).toBe("L'Atelier des fleurs");
    expect(smsShopName('Цветы на Невском')).toBe('Цветы на Невском');
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

  it('is the platform template around the cleaned name, or the template without a name', () => {
    expect(signInSms('ru', 'Демо-магазин', '1234')).toBe('Код для входа в Демо-магазин: 1234');
    expect(signInSms('ru', '+7 800 555 35 35', '1234')).toBe('Код для входа: 1234');
    expect(signInSms('en', 'Shop 1', '123456')).toBe('Your code for Shop: 123456');
  });
});
