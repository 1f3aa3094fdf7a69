import { useShopContext } from '../../components/ShopContext';
import { useT } from '../../lib/i18n';
import { mailtoHref, telHref } from './externalLinks';
import './share.css';

/** The shop's phone (tel:) and e-mail (mailto:, from the e-mail field) for questions about an order. */
export default function ShopContacts() {
  const t = useT();
  const { store } = useShopContext();
  const phone = store?.phone ? String(store.phone) : '';
  const email = store?.email ? String(store.email) : '';
  if (!phone && !email) return null;
  return (
    <p className="shop-contacts">
      <span>{t('share.shop_contacts')}:</span>
      {phone && (
        <a href={telHref(phone)} dir="ltr">
          {phone}
        </a>
      )}
      {email && <a href={mailtoHref(email)}>{email}</a>}
    </p>
  );
}
