import { useSelector } from 'react-redux';
import { selectToasts } from '../shellSlice';
import '../shell.css';

/** Messages that disappear after 3 s (error or info style). */
export default function Toasts() {
  const toasts = useSelector(selectToasts);
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
