import { useDispatch } from 'react-redux';
import { useT } from '../../../lib/i18n';
import { cartPopupClosed, cartUnavailableRemoved } from '../cartSlice';
import Popup from './Popup';

/** The seed's popup for lines the shop no longer sells: remove them, or close. Shown on /cart and /order. */
export default function UnavailableItemsPopup() {
  const t = useT();
  const dispatch = useDispatch();
  return (
    <Popup
      onClose={() => dispatch(cartPopupClosed())}
      actions={
        <>
          <button type="button" className="button button--danger" onClick={() => dispatch(cartUnavailableRemoved())}>
            {t('cart.remove_unavailable')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => dispatch(cartPopupClosed())}>
            {t('cart.close')}
          </button>
        </>
      }
    >
      {t('cart.unavailable_popup')}
    </Popup>
  );
}
