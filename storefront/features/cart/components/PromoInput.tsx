import { useDispatch, useSelector } from 'react-redux';
import { useT } from '../../../lib/i18n';
import { PROMO_MAX } from '../cartLogic';
import { promoTyped, selectPromo } from '../cartSlice';

/**
 * The promo code input: uppercased, letters and digits, at most 54; verified 2 s after typing.
 * The underline is green once proved, red on error; the shop's message says why a code is refused.
 */
export default function PromoInput() {
  const t = useT();
  const dispatch = useDispatch();
  const promo = useSelector(selectPromo);
  const state = !promo.code ? 'empty' : promo.status;
  const hint = promo.code && promo.status === 'proved' ? t('cart.promo_proved', { n: promo.discount }) : promo.code && promo.status === 'error' ? (promo.message ?? t('cart.promo_error')) : promo.checking ? t('cart.promo_checking') : '';
  return (
    <div className={`promo promo--${state}`}>
      <label className="promo__label" htmlFor="promo-code">
        {t('cart.promo')}
      </label>
      <input
        id="promo-code"
        className="promo__input"
        value={promo.code}
        maxLength={PROMO_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder={t('cart.promo_placeholder')}
        aria-invalid={promo.code && promo.status === 'error' ? true : undefined}
        aria-describedby="promo-hint"
        data-status={promo.code ? promo.status : undefined}
        onChange={(e) => dispatch(promoTyped(e.target.value))}
      />
      <p className="promo__hint" id="promo-hint" role="status" aria-live="polite">
        {hint}
      </p>
    </div>
  );
}
