import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, TitlePortal, useTranslate, type LayoutProps } from 'react-admin';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { UploadProgress } from './UploadProgress';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The panel's menu: the resources, then a link to the storefront. */
function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.ResourceItems />
      <Menu.Item to="/" onClick={(e: { preventDefault(): void }) => { e.preventDefault(); window.open('/', '_blank', 'noopener'); }} primaryText={translate('admin.open_shop')} leftIcon={<OpenInNewOutlined />} />
    </Menu>
  );
}

/** The top bar: the page title, the language switcher, the loading indicator and the user menu (sign-out). */
function AdminAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <LanguageSwitcher />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

export function AdminLayout({ children, ...rest }: LayoutProps & { children?: ReactNode }) {
  return (
    <Layout {...rest} menu={AdminMenu} appBar={AdminAppBar}>
      {children}
      <UploadProgress />
    </Layout>
  );
}
