import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError, loadShopConfig } from '../dataProvider/apiClient';
import { createAdminProviders } from '../dataProvider/adminProviders';
import { App } from './App';
import { setShopRuntime } from './components/shopApi';
import { currentLocale } from './i18nProvider';
import { uploadProgress } from './shell/uploadProgress';
import { BrokenConfigPage } from './shell/StatusPages';

const root = createRoot(document.getElementById('root')!);

/** Reads /config.json, then starts the panel; without the shop's URLs it shows the broken-url page. */
async function start() {
  try {
    const config = await loadShopConfig(window.location.origin);
    const providers = createAdminProviders({ config, getLang: currentLocale, onUploadProgress: uploadProgress.set });
    setShopRuntime(config, providers.api);
    root.render(
      <StrictMode>
        <App providers={providers} />
      </StrictMode>,
    );
  } catch (e) {
    const en = !navigator.language.toLowerCase().startsWith('ru');
    root.render(
      <BrokenConfigPage
        title={en ? 'The shop settings could not be loaded' : 'Не удалось загрузить настройки магазина'}
        text={e instanceof ConfigError ? e.message : String(e)}
        reload={en ? 'Reload' : 'Перезагрузить'}
      />,
    );
  }
}

void start();
