import { LANGUAGES, type Lang } from '../../../i18n';
import Icon from '../../components/Icon';
import { changeLang, getLang, useT } from '../../lib/i18n';

/** The language selector: stores the choice and reloads the page. */
export default function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useT();
  return (
    <label className={compact ? 'lang-select lang-select--compact' : 'lang-select'}>
      <Icon name="globe" size={18} />
      <span className="visually-hidden">{t('header.language')}</span>
      <select value={getLang()} onChange={(e) => changeLang(e.target.value as Lang)} aria-label={t('header.language')}>
        {LANGUAGES.map((l) => (
          <option key={l.value} value={l.value}>
            {compact ? l.value.toUpperCase() : l.title}
          </option>
        ))}
      </select>
    </label>
  );
}
