import { lazy, Suspense } from 'react';
import { hydrationWaitsFor } from '../lib/hydrated';
import { useShopContext } from './ShopContext';
import type { OwnerTool } from './OwnerToolsLinks';

export type { OwnerTool } from './OwnerToolsLinks';

// Only the owner sees the editor buttons: their code loads only then (not in the visitors' initial JS).
const OwnerToolsLinks = lazy(() => hydrationWaitsFor(import('./OwnerToolsLinks')));

/**
 * The owner's editor buttons (seed section 2): filters, edit and new category, edit and new item, linking
 * into the admin. Nobody but the signed-in owner (api=token_check is_owner, ShopContext) sees them.
 */
export default function OwnerTools(props: { tools: OwnerTool[]; path: string; itemId?: string }) {
  const { isOwner } = useShopContext();
  if (!isOwner) return null;
  return (
    <Suspense fallback={null}>
      <OwnerToolsLinks {...props} />
    </Suspense>
  );
}
