/**
 * Security suite, issue 34: phishing through the platform's SMS. The sign-in SMS is the platform's
 * template; the only owner's text in it, the shop's name, arrives without digits, links, addresses or
 * sentence punctuation and at most 20 characters long, whatever the owner of another shop on the server
 * names their shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { SMS_SHOP_NAME_MAX } from '../../features/auth/smsText';

let server: TestServer;
beforeAll(async () => void (server = await startTestServer()));
afterAll(() => server?.close());

const NAMES = [
  'Сбербанк. Ваша карта заблокирована, звоните +7 (800) 555-35-35',
  'Госуслуги: штраф 5000 р. Оплатите на gosuslugi-pay.ru',
  'Ваш код 0000. Не сообщайте его. Звоните 88005553535',
  'Выигрыш! Заберите приз: https://prize.example/claim',
  'Поддержка в Telegram @support_bot или t.me/support',
  'Почта admin@evil.example',
  'Банк\nВаша карта\nзаблокирована',
  '８８００５５５３５３５ полноширинные цифры',
];

describe('SMS texts (issue 34)', () => {
  it('sends the platform template with the shop name cleaned: no digits but the code, no links, at most 20 characters of name', async () => {
    const host = 'phish.test';
    await server.addStore({ name: 'Честный магазин', domain: host, ownerPhone: '+79995550100' });
    const owner = await server.signIn('+79995550100', { host });
    const sent: string[] = [];
    for (const [i, name] of NAMES.entries()) {
      const saved = await server.api('stores', { update: 1, 'p[399_name]': name }, { token: owner, host });
      expect(saved.status, name).toBe(200);
      const phone = `+7999555${String(2000 + i)}`;
      expect((await server.api('sms_code', { phone }, { host })).status).toBe(200);
      sent.push(server.smsLines.at(-1)!.replace(/^sms to \+\d+: /, ''));
    }
    const template = /^Код для входа(?: в (.+))?: (\d{4,6})$/;
    const bad = sent.filter((text) => {
      const m = template.exec(text);
      if (!m) return true;
      const name = m[1] ?? '';
      return name.length > SMS_SHOP_NAME_MAX || /[\d.:/@+\n]/.test(name);
    });
    const longest = Math.max(...sent.map((t) => t.length));
    console.log(`SMS texts: ${NAMES.length} phishing shop names, ${NAMES.length - bad.length} SMS in the platform template with a clean name (${bad.length} not), longest SMS ${longest} characters; e.g. "${sent[0]}" [${server.label}]`);
    expect(bad).toEqual([]);
  });
});
