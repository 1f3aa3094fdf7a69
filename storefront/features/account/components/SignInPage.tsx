import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { toastShown } from '../../../lib/events';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { selectSession, selectSignIn, signInCodeRequested, signInPhoneEdited, signInSubmitted, signOutRequested } from '../accountSlice';
import { DIAL_CODE_MAX, formatNational, NATIONAL_MASK, phoneOf, RESEND_AFTER_S } from '../phone';
import '../account.css';

/**
 * /login: the customer's sign-in by phone: the dial code (default 7) and the number in the shop's mask
 * get a code by SMS (api=sms_code: 4 digits, a shop owner's 6); the code signs in (api=login). Afterwards the page goes back
 * where it came from (or to /my_orders). Signed in already: a panel with 'Мои заказы' and 'Выйти'.
 * Decision: on every host (the seed's dev-host limit belonged to a stub; real customers need it).
 */
export default function SignInPage() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSelector(selectSession);
  const signIn = useSelector(selectSignIn);
  const [dial, setDial] = useState('7');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);
  const wasSignedIn = useRef(!!session);
  useScrollTop('login');

  const from = (location.state as { from?: string } | null)?.from;
  useEffect(() => {
    if (session && !wasSignedIn.current) navigate(from && from.startsWith('/') && from !== '/login' ? from : '/my_orders', { replace: true });
    wasSignedIn.current = !!session;
  }, [session, from, navigate]);

  useEffect(() => {
    if (signIn.step !== 'code') return;
    setCode('');
    setWait(RESEND_AFTER_S);
    codeRef.current?.focus();
  }, [signIn.step]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const busy = signIn.status === 'loading';

  const onPhone = (e: FormEvent) => {
    e.preventDefault();
    const phone = phoneOf(dial, number);
    if (!phone) {
      dispatch(toastShown(t('errors.invalid_phone'), 'error'));
      return;
    }
    dispatch(signInCodeRequested(phone));
  };

  const onCode = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== signIn.codeLength) {
      dispatch(toastShown(t('errors.invalid_code'), 'error'));
      return;
    }
    dispatch(signInSubmitted(code));
  };

  if (session && wasSignedIn.current) {
    return (
      <div className="page page--account">
        <section className="account-card account-card--narrow">
          <h1 className="page__title">{t('account.signed_in_as')}</h1>
          <div className="account-actions">
            <Link className="button" to="/my_orders">
              {t('account.my_orders')}
            </Link>
            <button type="button" className="button button--ghost" onClick={() => dispatch(signOutRequested())}>
              {t('menu.sign_out')}
            </button>
          </div>
        </section>
      </div>
    );
  }

  return (
    <div className="page page--account">
      <section className="account-card account-card--narrow" aria-labelledby="sign-in-title">
        <h1 className="page__title" id="sign-in-title">
          {t('account.sign_in_title')}
        </h1>
        {signIn.step === 'phone' ? (
          <form className="account-form" onSubmit={onPhone} noValidate>
            <p className="account-note">{t('account.sign_in_note')}</p>
            <div className="phone-row">
              <label className="field field--dial">
                <span className="field__label">{t('account.dial_code')}</span>
                <span className="field__affix">
                  <span aria-hidden="true">+</span>
                  <input
                    className="field__input"
                    value={dial}
                    inputMode="numeric"
                    autoComplete="tel-country-code"
                    maxLength={DIAL_CODE_MAX}
                    onChange={(e) => {
                      setDial(e.target.value.replace(/\D/g, '').slice(0, DIAL_CODE_MAX));
                      setNumber((n) => formatNational(e.target.value.replace(/\D/g, ''), n));
                    }}
                  />
                </span>
              </label>
              <label className="field field--grow">
                <span className="field__label">{t('account.phone')}</span>
                <input
                  className="field__input"
                  type="tel"
                  dir="ltr"
                  value={number}
                  autoComplete="tel-national"
                  placeholder={dial === '7' ? NATIONAL_MASK : ''}
                  onChange={(e) => setNumber(formatNational(dial, e.target.value))}
                  autoFocus
                />
              </label>
            </div>
            <button type="submit" className="button button--wide" disabled={busy || !number.replace(/\D/g, '')}>
              {t('account.get_code')}
            </button>
          </form>
        ) : (
          <form className="account-form" onSubmit={onCode} noValidate>
            <p className="account-note">{t('account.code_sent', { phone: signIn.phone })}</p>
            <label className="field">
              <span className="field__label">{t('account.code')}</span>
              <input
                ref={codeRef}
                className="field__input field__input--code"
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={signIn.codeLength}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, signIn.codeLength))}
              />
            </label>
            <button type="submit" className="button button--wide" disabled={busy || code.length !== signIn.codeLength}>
              {t('menu.sign_in')}
            </button>
            <div className="account-links">
              <button type="button" className="link-button" onClick={() => dispatch(signInPhoneEdited())}>
                {t('account.change_phone')}
              </button>
              {wait > 0 ? (
                <span className="account-muted">{t('account.resend_in', { n: wait })}</span>
              ) : (
                <button type="button" className="link-button" disabled={busy} onClick={() => {
                    setWait(RESEND_AFTER_S);
                    dispatch(signInCodeRequested(signIn.phone));
                  }}>
                  {t('account.resend')}
                </button>
              )}
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
