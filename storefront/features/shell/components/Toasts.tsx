import { useSelector } from 'react-redux';
import { useLocation } from '../../../lib/router';
import { selectToasts } from '../shellSlice';
import '../shell.css';

/** Messages that disappear after 3 s (error or info style). */
export default function Toasts() {
  const { pathname } = useLocation();
  const toasts = useSelector(selectToasts).filter((t) => !t.page || t.page === pathname);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
