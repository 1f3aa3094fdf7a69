import { defaultTheme, type RaThemeOptions } from 'react-admin';
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { i18nProvider } from './i18nProvider';

/** The panel's look: react-admin's default theme with the storefront's calm blue and a lighter background. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1971C2' },
    secondary: { main: '#1864AB' },
    background: { default: '#F5F6F8' },
  },
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    // react-admin's pagination on phones uses MUI's own arrows: their labels come from the panel's language.
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') => i18nProvider.translate(`ra.navigation.${type === 'previous' ? 'previous' : type === 'next' ? 'next' : type === 'first' ? 'first' : 'last'}`),
      },
    },
    RaList: {
      styleOverrides: {
        root: {
          // On phones the list's action bar only holds the floating "create" button: no empty white strip.
          '@media (max-width:599.95px)': {
            '& .RaList-actions > .MuiToolbar-root': { minHeight: 0, padding: 0, backgroundColor: 'transparent' },
          },
        },
      },
    },
  },
};

/** The theme in a writing direction: Arabic reads right to left (MUI mirrors its components by `direction`). */
export const themeFor = (direction: 'ltr' | 'rtl'): RaThemeOptions => (direction === 'rtl' ? { ...theme, direction: 'rtl' } : theme);

/** Emotion caches: right to left, the styles' left and right are swapped by the stylis RTL plugin. */
export const styleCaches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
};
