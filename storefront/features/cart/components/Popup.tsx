import { useEffect, useId, useRef, type ReactNode } from 'react';
import '../cart.css';

/**
 * A modal popup of the checkout (the cart's unavailable items, the order's result): a message and its
 * buttons over a dimmed page. Escape or the backdrop calls `onClose` when given; focus moves into it.
 */
export default function Popup({ title, children, actions, onClose }: { title?: string; children: ReactNode; actions: ReactNode; onClose?: () => void }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('button, [href]')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose?.();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="popup" onClick={(e) => e.target === e.currentTarget && onClose?.()}>
      <div className="popup__box" role="dialog" aria-modal="true" aria-labelledby={title ? id : undefined} aria-describedby={`${id}-text`} ref={box}>
        {title && (
          <h2 className="popup__title" id={id}>
            {title}
          </h2>
        )}
        <div className="popup__text" id={`${id}-text`}>
          {children}
        </div>
        <div className="popup__actions">{actions}</div>
      </div>
    </div>
  );
}
