import { splitPath, ROOT_PATH } from '../lib/categories';
import { useT } from '../lib/i18n';
import Icon, { type IconName } from './Icon';
import './lists.css';

/**
 * The owner's editor buttons as links into the admin's editors (/admin/...: a separate app, so plain
 * links that load it). Loaded only for the owner (components/OwnerTools).
 */
export type OwnerTool = 'filters' | 'edit_category' | 'new_category' | 'edit_item' | 'new_item';

const ICONS: Record<OwnerTool, IconName> = {
  filters: 'filter',
  edit_category: 'edit',
  new_category: 'plus',
  edit_item: 'edit',
  new_item: 'plus',
};

/** The admin address of each editor for a category path (ids joined by '-', '0' the root) and an item. */
export function ownerToolHref(tool: OwnerTool, path: string, itemId?: string): string {
  const ids = splitPath(path);
  const parent = ids.length > 1 ? ids.slice(0, -1).join('-') : ROOT_PATH;
  const p = encodeURIComponent(path || ROOT_PATH);
  switch (tool) {
    case 'filters':
      return `/admin/filter_editor/category/${p}`;
    case 'edit_category':
      return `/admin/category_editor/${encodeURIComponent(parent)}/${encodeURIComponent(ids.at(-1) ?? ROOT_PATH)}`;
    case 'new_category':
      return `/admin/category_editor/${p}/new`;
    case 'edit_item':
      return `/admin/item_editor/${p}/${encodeURIComponent(itemId ?? 'new')}`;
    case 'new_item':
      return `/admin/item_editor/${p}/new`;
  }
}

export default function OwnerToolsLinks({ tools, path, itemId }: { tools: OwnerTool[]; path: string; itemId?: string }) {
  const t = useT();
  // 'edit category' is for a real category, not the catalogue root.
  const shown = tools.filter((tool) => tool !== 'edit_category' || splitPath(path).length > 0);
  if (!shown.length) return null;
  return (
    <nav className="owner-tools" aria-label={t('owner.tools')}>
      {shown.map((tool) => (
        <a key={tool} className="owner-tools__link" href={ownerToolHref(tool, path, itemId)}>
          <Icon name={ICONS[tool]} size={18} />
          <span>{t(`owner.${tool}`)}</span>
        </a>
      ))}
    </nav>
  );
}
