import { defaultTheme, type RaThemeOptions } from 'react-admin';
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
