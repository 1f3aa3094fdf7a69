import { serverText } from '../../errors';
import { smsShopName } from '../../lib/smsShopName';

export { SMS_SHOP_NAME_MAX, smsShopName } from '../../lib/smsShopName';

/** The sign-in SMS: the platform's template in the reader's language, the shop's cleaned name and the code. */
export function signInSms(lang: unknown, shopName: string, code: string): string {
  const shop = smsShopName(shopName);
  return shop ? serverText(lang, 'sms_login', { shop, code }) : serverText(lang, 'sms_login_plain', { code });
}
