import { useDispatch } from 'react-redux';
import { copyWithToast } from '../../lib/clipboard';
import './share.css';

/** A small button that copies a text (an order number) with the 'clipboard' / 'clipboard_error' toasts. */
export default function CopyButton({ text, label }: { text: string; label: string }) {
  const dispatch = useDispatch();
  return (
    <button type="button" className="icon-button share-button" aria-label={label} title={label} onClick={() => void copyWithToast(text, dispatch)}>
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
        <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
        <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
      </svg>
    </button>
  );
}
