import { useDispatch, useSelector } from 'react-redux';
import { formatRoubles } from '../../../../schemas/rules/money';
import { PROMO_CODE_MAX } from '../../../../schemas/rules/promo';
import { useT } from '../../../lib/i18n';
import { promoApplied, promoTyped, selectPromo, type PromoState } from '../promoSlice';
import '../promo.css';

/** What the shop said of the code: its discount, or why it does not apply (i18n errors.promo_<reason>). */
export function promoHint(promo: PromoState, t: ReturnType<typeof useT>): string {
  if (!promo.code) return '';
  if (promo.status === 'proved') {
    if (promo.kind === 'fixed') return t('cart.promo_proved_fixed', { sum: `${formatRoubles(promo.amount)} ₽` });
    return promo.kind === 'free_delivery' ? t('cart.promo_proved_delivery') : t('cart.promo_proved', { n: promo.discount });
  }
  if (promo.status === 'error') return t(`errors.promo_${promo.reason ?? 'not_found'}`, { sum: formatRoubles(promo.condition) });
  return promo.checking ? t('cart.promo_checking') : '';
}

/**
 * The promo code input: uppercased, letters and digits, at most 54; verified 2 s after typing, or at once
 * with 'Применить' or Enter. The underline is green once proved, red on error; the shop's reason says why
 * a code is refused.
 */
export default function PromoInput() {
  const t = useT();
  const dispatch = useDispatch();
  const promo = useSelector(selectPromo);
  const state = !promo.code ? 'empty' : promo.status;
  const waiting = !!promo.code && promo.status === 'wait';
  return (
    <form
      className={`promo promo--${state}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        dispatch(promoApplied());
      }}
    >
      <label className="promo__label" htmlFor="promo-code">
        {t('cart.promo')}
      </label>
      <div className="promo__row">
        <input
          id="promo-code"
          className="promo__input"
          value={promo.code}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('cart.promo_placeholder')}
          aria-invalid={promo.code && promo.status === 'error' ? true : undefined}
          aria-describedby="promo-hint"
          data-status={promo.code ? promo.status : undefined}
          onChange={(e) => dispatch(promoTyped(e.target.value))}
        />
        <button type="submit" className="button button--ghost promo__apply" disabled={!waiting || promo.checking} aria-busy={promo.checking || undefined}>
          {t('cart.promo_apply')}
        </button>
      </div>
      <p className="promo__hint" id="promo-hint" role="status" aria-live="polite">
        {promoHint(promo, t)}
      </p>
    </form>
  );
}
