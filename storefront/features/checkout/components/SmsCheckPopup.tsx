import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useT } from '../../../lib/i18n';
import { Popup } from '../../cart/public';
import { formatPhone } from '../orderLogic';
import { smsCheckClosed, smsCodeEntered, smsCodeResend, type SmsCheck } from '../orderSlice';

/** The resend link comes after this long (the server takes one code a 20 s). */
export const RESEND_AFTER_MS = 20_000;

/**
 * The SMS check of the phone before the order: "we have sent a code to …", the 4-digit code, Confirm;
 * "send the code again" after 20 s; a wrong code shows the server's message here; closing it gives the
 * order button back.
 */
export default function SmsCheckPopup({ sms }: { sms: SmsCheck }) {
  const t = useT();
  const dispatch = useDispatch();
  const [code, setCode] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const input = useRef<HTMLInputElement>(null);
  const left = Math.max(0, Math.ceil((sms.sentAt + RESEND_AFTER_MS - now) / 1000));
  const sending = sms.status === 'sending';

  useEffect(() => {
    if (left <= 0) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [left]);
  // The code field gets the focus (after the popup puts it on its first button).
  useEffect(() => {
    const id = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (sms.error) input.current?.select();
  }, [sms.error]);
  const close = useCallback(() => dispatch(smsCheckClosed()), [dispatch]);

  return (
    <Popup
      title={t('checkout.sms_title')}
      onClose={close}
      actions={
        <>
          <button type="submit" form="sms-check" className="button button--client" disabled={sending} aria-busy={sending || undefined}>
            {t('checkout.sms_confirm')}
          </button>
          <button type="button" className="button button--ghost" onClick={close}>
            {t('checkout.sms_close')}
          </button>
        </>
      }
    >
      <form
        id="sms-check"
        className="sms-check"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending) dispatch(smsCodeEntered(code));
        }}
      >
        <p>{t('checkout.sms_sent', { phone: formatPhone(sms.phone) })}</p>
        <label htmlFor="sms-code" className="field__label">
          {t('checkout.sms_code')}
        </label>
        <input
          id="sms-code"
          ref={input}
          className="order__input sms-check__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{4}"
          maxLength={4}
          dir="ltr"
          value={code}
          aria-invalid={sms.error ? true : undefined}
          aria-describedby={sms.error ? 'sms-code-error' : undefined}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        {sms.error && (
          <p id="sms-code-error" className="sms-check__error" role="alert">
            {sms.error}
          </p>
        )}
        {left > 0 ? (
          <p className="sms-check__resend">{t('checkout.sms_resend_in', { s: left })}</p>
        ) : (
          <button type="button" className="button button--ghost sms-check__resend" onClick={() => dispatch(smsCodeResend())}>
            {t('checkout.sms_resend')}
          </button>
        )}
      </form>
    </Popup>
  );
}
