import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, Menu, TitlePortal, useTranslate, type LayoutProps } from 'react-admin';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PaymentOutlined from '@mui/icons-material/PaymentOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import CloudDownloadOutlined from '@mui/icons-material/CloudDownloadOutlined';
import { UploadProgress } from './UploadProgress';
import { LanguageSwitcher } from './LanguageSwitcher';
import LiveOrdersFollower from '../features/orders/LiveOrdersFollower';
import OrderAlertsButton from '../features/orders/OrderAlertsButton';
import NewOrdersBarButton from '../features/orders/NewOrdersBarButton';

/** The panel's menu: the resources, the seed's screens, then a link to the storefront. */
function AdminMenu() {
  const translate = useTranslate();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <Menu.Item to="/filter_editor/category/0" primaryText={translate('admin.menu.filters')} leftIcon={<FilterListOutlined />} />
      <Menu.Item to="/banner_settings" primaryText={translate('admin.menu.banners')} leftIcon={<ViewCarouselOutlined />} />
      <Menu.Item to="/place_settings" primaryText={translate('admin.menu.places')} leftIcon={<PlaceOutlined />} />
      <Menu.Item to="/promo_settings" primaryText={translate('admin.menu.promo')} leftIcon={<LocalOfferOutlined />} />
      <Menu.Item to="/ingredient_settings" primaryText={translate('admin.menu.ingredients')} leftIcon={<KitchenOutlined />} />
      <Menu.Item to="/yml_import" primaryText={translate('admin.menu.yml_import')} leftIcon={<CloudDownloadOutlined />} />
      <Menu.Item to="/settings/common_settings" primaryText={translate('admin.settings.common_settings')} leftIcon={<SettingsOutlined />} />
      <Menu.Item to="/settings/about_company" primaryText={translate('resources.stores.fields.about_company')} leftIcon={<InfoOutlined />} />
      <Menu.Item to="/settings/delivery" primaryText={translate('resources.stores.fields.delivery')} leftIcon={<LocalShippingOutlined />} />
      <Menu.Item to="/settings/payment" primaryText={translate('resources.stores.fields.payment')} leftIcon={<PaymentOutlined />} />
      <Menu.Item to="/settings/contacts" primaryText={translate('resources.stores.fields.contacts')} leftIcon={<ContactsOutlined />} />
      <Menu.Item to="/" onClick={(e: { preventDefault(): void }) => { e.preventDefault(); window.open('/', '_blank', 'noopener'); }} primaryText={translate('admin.open_shop')} leftIcon={<OpenInNewOutlined />} />
    </Menu>
  );
}

/** The top bar: the page title, the new orders' count on a phone, the new-order alerts' bell, the language switcher, the loading indicator and the user menu (sign-out). */
function AdminAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <NewOrdersBarButton />
          <OrderAlertsButton />
          <LanguageSwitcher />
          <LoadingIndicator />
        </>
      }
    >
      {/* The page's title arrives in an inline-block (ra's Configurable), which the bar's ellipsis cannot cut: a long title on a phone was clipped mid-letter. */}
      <TitlePortal sx={{ '& .RaConfigurable-root': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }} />
    </AppBar>
  );
}

export function AdminLayout({ children, ...rest }: LayoutProps & { children?: ReactNode }) {
  return (
    <Layout {...rest} menu={AdminMenu} appBar={AdminAppBar}>
      {children}
      <UploadProgress />
      {/* The live count of new orders: the menu's badge, the lists' refresh, the alerts. */}
      <LiveOrdersFollower />
    </Layout>
  );
}
