import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { openExternal } from '../../lib/links';
import { mapsSearchUrl } from './externalLinks';
import './share.css';

/** An address that opens a maps search for its text outside the shop (the apps' bridge, else a new tab). */
export default function AddressLink({ address, children }: { address: string; children?: ReactNode }) {
  const t = useT();
  const url = mapsSearchUrl(address);
  const open = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    openExternal(url);
  };
  return (
    <a className="address-link" href={url} target="_blank" rel="noopener noreferrer" onClick={open} title={t('share.on_map', { address })}>
      <svg className="address-link__pin" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11-6.5 11z" />
        <circle cx="12" cy="10" r="2.3" />
      </svg>
      {children ?? address}
    </a>
  );
}
