import { useEffect, useRef, useState } from 'react';
import { FieldTitle, useInput, useRecordContext, useTranslate, type InputProps } from 'react-admin';
import { Box, FormHelperText, TextField, Typography } from '@mui/material';
import { HEX_PATTERN, hexToRgba } from '../../schemas';
import { clampAlphaTyping, normaliseHexTyping, splitRgba } from './colour';

/**
 * A theme colour as the seed's admin shows it: a hex value ('#' and 6 uppercase hex digits, 7 characters)
 * plus an alpha of 0..1 in steps of 0.1. The stored value is the 'r,g,b,alpha' string. An empty hex clears
 * the value and disables the alpha; the value is derived only once the hex has 7 characters; an empty
 * alpha counts as 1 and anything above 1 is clamped to 1.
 */
export function ColourInput(props: Omit<InputProps, 'source'> & { source: string; disabled?: boolean; /** The owner's own change (not a reset): a brand colour sets those that follow it. */ onValue?: (value: string) => void }) {
  const translate = useTranslate();
  const { onValue, ...inputProps } = props;
  const { field, fieldState, id, isRequired } = useInput({ ...inputProps, format: (v) => v ?? '', parse: (v) => v });
  const [hex, setHex] = useState(() => splitRgba(field.value).hex);
  const [alpha, setAlpha] = useState(() => splitRgba(field.value).alpha);
  const last = useRef<string>(field.value ?? '');

  // A value set from outside (form reset, record loaded) replaces what is being typed.
  useEffect(() => {
    if ((field.value ?? '') !== last.current) {
      last.current = field.value ?? '';
      const s = splitRgba(field.value);
      setHex(s.hex);
      setAlpha(s.alpha);
    }
  }, [field.value]);

  const emit = (nextHex: string, nextAlpha: string) => {
    let value: string | null = null;
    if (nextHex === '') value = '';
    else if (HEX_PATTERN.test(nextHex)) value = hexToRgba(nextHex, nextAlpha === '' ? 1 : nextAlpha) ?? '';
    if (value !== null && value !== last.current) {
      last.current = value;
      field.onChange(value);
      onValue?.(value);
    }
  };

  const onHex = (raw: string) => {
    const next = normaliseHexTyping(raw);
    setHex(next);
    let a = alpha;
    if (next === '') a = '';
    else if (HEX_PATTERN.test(next) && alpha === '') a = '1';
    setAlpha(a);
    emit(next, a);
  };
  const onAlpha = (raw: string) => {
    const a = clampAlphaTyping(raw);
    setAlpha(a);
    emit(hex, a);
  };

  const label = typeof props.label === 'string' ? props.label : undefined;
  const swatch = HEX_PATTERN.test(hex) ? `rgba(${hexToRgba(hex, alpha === '' ? 1 : alpha)})` : 'transparent';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', py: 0.5 }} role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="body2" sx={{ flex: '1 1 200px', minWidth: 160 }}>
        <FieldTitle label={label} source={props.source} isRequired={isRequired} />
      </Typography>
      <Box
        component="label"
        sx={{ width: 36, height: 36, borderRadius: 1, border: 1, borderColor: 'divider', position: 'relative', overflow: 'hidden', cursor: 'pointer', background: 'repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%) 50% / 12px 12px' }}
        title={translate('admin.settings.pick_colour')}
      >
        <Box sx={{ position: 'absolute', inset: 0, background: swatch }} />
        <input
          type="color"
          aria-label={`${label ? translate(label) : props.source}: ${translate('admin.settings.pick_colour')}`}
          value={HEX_PATTERN.test(hex) ? hex.toLowerCase() : '#000000'}
          onChange={(e) => onHex(e.target.value)}
          disabled={props.disabled}
          style={{ opacity: 0, width: '100%', height: '100%', cursor: 'pointer' }}
        />
      </Box>
      <TextField
        id={id}
        size="small"
        label={translate('admin.settings.hex')}
        value={hex}
        onChange={(e) => onHex(e.target.value)}
        onBlur={field.onBlur}
        disabled={props.disabled}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false, 'aria-label': `${label ? translate(label) : props.source} HEX` } }}
        fullWidth={false}
        sx={{ width: 120, flex: '0 0 auto', '@media (max-width: 599.95px)': { width: 120 } }}
        error={!!fieldState.error}
      />
      <TextField
        size="small"
        type="number"
        label={translate('admin.settings.alpha')}
        value={alpha}
        onChange={(e) => onAlpha(e.target.value)}
        disabled={props.disabled || hex === ''}
        slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1, 'aria-label': `${label ? translate(label) : props.source} alpha` } }}
        fullWidth={false}
        sx={{ width: 128, flex: '0 0 auto', '@media (max-width: 599.95px)': { width: 128 } }}
      />
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message, { _: fieldState.error.message })}</FormHelperText> : null}
    </Box>
  );
}

/** A colour in a list: its swatch and hex. */
export function ColourField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const value = source.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], record);
  const { hex } = splitRgba(value);
  if (!hex) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', background: `rgba(${value})` }} />
      {hex}
    </Box>
  );
}
