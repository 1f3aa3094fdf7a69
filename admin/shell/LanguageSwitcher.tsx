import { useState } from 'react';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { Button, IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';

/** The panel's language: a menu of the locales; the button is named 'Язык' / 'Language' for screen readers. */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
  const current = locales.find((l) => l.locale === locale)?.name ?? locale;
  const label = `${translate('admin.language')}: ${current}`;
  return (
    <>
      {small ? (
        <IconButton color={color} aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <TranslateIcon />
        </IconButton>
      ) : (
        <Button color={color} aria-label={label} aria-haspopup="menu" startIcon={<TranslateIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
          {current}
        </Button>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            lang={l.locale}
            onClick={() => {
              setAnchor(null);
              setLocale(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
