import { useState } from 'react';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { unsavedEditor, type UnsavedEditor } from '../components/unsavedEditor';

/**
 * The panel's language: a menu of the locales; the button is named 'Язык' / 'Language' for screen readers.
 * With unsaved changes in an editor it first asks to save them (the screens remount in the new language).
 */
export function LanguageSwitcher({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [asking, setAsking] = useState<{ locale: string; editor: UnsavedEditor } | null>(null);
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
              if (l.locale === locale) return;
              const editor = unsavedEditor();
              if (editor) setAsking({ locale: l.locale, editor });
              else setLocale(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={!!asking} onClose={() => setAsking(null)} aria-labelledby="language-unsaved-title">
        <DialogTitle id="language-unsaved-title">{translate('admin.editor.save_changes')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('admin.editor.save_changes_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              setAsking(null);
              if (asking) setLocale(asking.locale);
            }}
          >
            {translate('admin.editor.dont_save')}
          </Button>
          <Button
            variant="contained"
            autoFocus
            onClick={async () => {
              const next = asking;
              setAsking(null);
              if (next && (await next.editor.save())) setLocale(next.locale);
            }}
          >
            {translate('admin.editor.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
