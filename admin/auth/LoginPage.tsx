import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuthProvider, useLogin, useNotify, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, InputAdornment, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { AdminAuthProvider } from '../../dataProvider/authProvider';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';
import { OWNER_CODE_LENGTH } from '../../schemas/rules/signIn';
import { DIAL_CODE_MAX, dialChanged, numberChanged, type PhoneFields } from './phoneInput';

/** Seconds before a new code may be asked for (the server refuses within 20 s). */
export const RESEND_AFTER_S = 20;

/**
 * The E.164 number of a dial code and a national number with its international spelling and its split into
 * the two fields, or null when it is not a valid phone. A number written with its own '+' is read alone.
 * libphonenumber-js (its metadata weighs ~40 KB gzipped) loads on the first "get the code", not with the
 * sign-in page.
 */
export async function phoneOf(dialCode: string, number: string): Promise<{ e164: string; shown: string; fields: PhoneFields } | null> {
  const dial = dialCode.replace(/\D/g, '').slice(0, DIAL_CODE_MAX);
  const digits = number.replace(/\D/g, '');
  const own = number.trim().startsWith('+');
  if ((!dial && !own) || !digits) return null;
  const { parsePhoneNumberFromString } = await import('libphonenumber-js');
  const p = parsePhoneNumberFromString(own ? `+${digits}` : `+${dial}${digits}`);
  return p && p.isValid() ? { e164: p.number, shown: p.formatInternational(), fields: { dial: p.countryCallingCode, number: p.formatNational() } } : null;
}

/**
 * The owner's sign-in: a phone (country dial code, default 7, and number) gets a code by SMS (6 digits, 4 for a non-owner)
 * (api=sms_code); the code signs in (api=login). Errors show as toasts with the seed's texts.
 */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const authProvider = useAuthProvider() as AdminAuthProvider;
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [dialCode, setDialCode] = useState('7');
  const [number, setNumber] = useState('');
  const [phone, setPhone] = useState('');
  const setFields = (f: PhoneFields) => {
    setDialCode(f.dial);
    setNumber(f.number);
  };
  const [shownPhone, setShownPhone] = useState('');
  const [code, setCode] = useState('');
  // The owner's code has 6 digits; the server says how many it sent.
  const [codeLength, setCodeLength] = useState(OWNER_CODE_LENGTH);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);

  // Sent here because the session died (revoked elsewhere, expired): say so once.
  useEffect(() => {
    if (authProvider.takeExpiryNotice?.()) notify('errors.token_error', { type: 'error' });
  }, [authProvider, notify]);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const fail = (e: unknown) => {
    const message = (e as Error)?.message || 'errors.error_msg';
    notify(message, { type: 'error', messageArgs: { _: translate('errors.error_msg') } });
  };

  const sendCode = async (target: string) => {
    setBusy(true);
    try {
      setCodeLength(await authProvider.requestCode(target));
      setPhone(target);
      setStep('code');
      setCode('');
      setWait(RESEND_AFTER_S);
      setTimeout(() => codeRef.current?.focus(), 0);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const onPhone = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    let target: Awaited<ReturnType<typeof phoneOf>>;
    try {
      target = await phoneOf(dialCode, number);
    } catch (err) {
      setBusy(false);
      fail(err);
      return;
    }
    if (!target) {
      setBusy(false);
      notify('errors.invalid_phone', { type: 'error' });
      return;
    }
    setShownPhone(target.shown);
    // A number written whole with another country's '+' shows split when the owner comes back to change it.
    if (number.trim().startsWith('+')) {
      setDialCode(target.fields.dial);
      setNumber(target.fields.number);
    }
    void sendCode(target.e164);
  };

  const onCode = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== codeLength) {
      notify('errors.invalid_code', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      await login({ phone, code });
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
      <Box sx={{ position: 'fixed', top: 8, right: 8 }}>
        <LanguageSwitcher color="primary" />
      </Box>
      <Paper component="main" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 400 }} elevation={2}>
        <Stack spacing={1} sx={{ mb: 3, textAlign: 'center', alignItems: 'center' }}>
          <StorefrontOutlined color="primary" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {translate('admin.auth.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {step === 'phone' ? translate('admin.auth.subtitle') : translate('admin.auth.code_sent', { phone: shownPhone })}
          </Typography>
        </Stack>
        {step === 'phone' ? (
          <Stack component="form" spacing={2} onSubmit={(e) => void onPhone(e)} noValidate>
            <Box sx={{ display: 'grid', gridTemplateColumns: '112px minmax(0, 1fr)', gap: 1 }}>
              <TextField
                label={translate('admin.auth.dial_code')}
                value={dialCode}
                onChange={(e) => setFields(dialChanged(e.target.value, { dial: dialCode, number }))}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">+</InputAdornment> }, htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
              />
              <TextField
                label={translate('admin.auth.phone')}
                value={number}
                onChange={(e) => {
                  // The checker starts loading with the first digit typed, so "get the code" rarely waits for it.
                  void import('libphonenumber-js').catch(() => undefined);
                  setFields(numberChanged(e.target.value, dialCode));
                }}
                type="tel"
                autoComplete="tel-national"
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={busy || !number.trim()} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
              {translate('admin.auth.get_code')}
            </Button>
          </Stack>
        ) : (
          <Stack component="form" spacing={2} onSubmit={onCode} noValidate>
            <TextField
              inputRef={codeRef}
              label={translate('admin.auth.code')}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, codeLength))}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: codeLength, style: { letterSpacing: '0.5em', fontSize: 22, textAlign: 'center' } } }}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || code.length !== codeLength} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
              {translate('admin.auth.sign_in')}
            </Button>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Link component="button" type="button" variant="body2" onClick={() => setStep('phone')}>
                {translate('admin.auth.change_phone')}
              </Link>
              <Button type="button" size="small" disabled={busy || wait > 0} onClick={() => void sendCode(phone)}>
                {wait > 0 ? translate('admin.auth.resend_in', { seconds: wait }) : translate('admin.auth.resend')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
