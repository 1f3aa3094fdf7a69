import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n';

/** The loader: appears only when loading lasts longer than `delay` (2 s by default, 400 ms on info pages). */
export default function Loader({ delay = 2000, inline = false }: { delay?: number; inline?: boolean }) {
  const t = useT();
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!shown) return null;
  return (
    <div className={inline ? 'loader loader--inline' : 'loader'} role="status" aria-label={t('common.loading')}>
      <span className="loader__spinner" />
    </div>
  );
}
