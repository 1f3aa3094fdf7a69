import { createRoot } from 'react-dom/client';
import { createApiClient, loadShopConfig, type Auth } from '../dataProvider/apiClient';
import App from './app/App';
import { preloadPage } from './app/routes';
import BrokenUrlPage from './app/pages/BrokenUrlPage';
import { createAppStore } from './app/store';
import { langFromSearch, legacyHashPath } from './features/seo/legacyHash';
import { readInlineShop, setInlineShop } from './features/shop/inlineShop';
import { setShopConfig } from './lib/config';
import { sessionRejected } from './lib/events';
import { getLang, loadTexts } from './lib/i18n';
import { isLang } from '../i18n';
import { readString, writeString } from './lib/storage';
import './styles.css';

/** The signed-in customer's auth form, kept under the seed's keys. */
function storedAuth(): Auth | null {
  const user_id = readString('user_id');
  const token_seq = readString('token_seq');
  const token = readString('token');
  return user_id && token_seq && token ? { user_id, token_seq, token } : null;
}

function clearAuth() {
  for (const k of ['user_id', 'token_seq', 'token']) writeString(k, null);
}

/** Before the router starts: a legacy `#/category/...` link goes to its real path, `?lang=xx` picks the language. */
function takeLegacyLinks() {
  const target = legacyHashPath(location.hash);
  if (target) history.replaceState(null, '', target);
  const lang = langFromSearch(location.search);
  if (lang && isLang(lang)) writeString('lang', lang);
}

async function start() {
  takeLegacyLinks();
  const root = createRoot(document.getElementById('root')!);
  preloadPage(location.pathname);
  const [texts, config] = await Promise.allSettled([loadTexts(), loadShopConfig()]);
  if (texts.status === 'rejected') console.error(texts.reason);
  if (config.status === 'rejected') {
    console.error(config.reason);
    root.render(<BrokenUrlPage />);
    return;
  }
  setShopConfig(config.value);
  // The store settings and categories the server inlined into index.html: no request chain before the list.
  setInlineShop(readInlineShop());
  // A token 'error' in any answer: the stored session goes and the app shows itself signed out.
  const api = createApiClient({ apiHost: config.value.API_HOST, getAuth: storedAuth, getLang, onTokenError: () => (clearAuth(), store.dispatch(sessionRejected())) });
  const store = createAppStore({ api });
  root.render(<App store={store} />);
}

void start();
