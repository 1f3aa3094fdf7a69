import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import Icon from '../../../components/Icon';
import { useT } from '../../../lib/i18n';
import { dropListToggled, dropListWords, historyWordRemoved, searchCleared, searchSubmitted, searchWordTyped, selectSearch } from '../searchSlice';
import '../search.css';

/**
 * The header's search input: searches 700 ms after the last keystroke (Enter at once), with a drop-list
 * of remembered words (at most 7 shown) that can be picked or removed.
 */
export default function SearchBox() {
  const t = useT();
  const dispatch = useDispatch();
  const { word, pending, history, dropOpen } = useSelector(selectSearch);
  const { pathname } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const words = dropListWords(history, word);
  const open = dropOpen && words.length > 0;

  // Leaving the search pages empties the input (the search page puts its word back).
  useEffect(() => {
    if (!pathname.startsWith('/search/') && !/\/item\//.test(pathname)) dispatch(searchCleared());
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!dropOpen) return;
    const outside = (e: Event) => {
      if (form.current && !form.current.contains(e.target as Node)) dispatch(dropListToggled(false));
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [dropOpen, dispatch]);

  return (
    <form
      ref={form}
      role="search"
      className="search"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch(searchSubmitted(word));
      }}
    >
      <Icon name="search" size={20} className="search__icon" />
      <input
        className="search-input search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        value={word}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-controls={open ? 'search-history' : undefined}
        onChange={(e) => dispatch(searchWordTyped(e.target.value))}
        onFocus={() => dispatch(dropListToggled(true))}
        onKeyDown={(e) => e.key === 'Escape' && dispatch(dropListToggled(false))}
      />
      {pending && <span className="search__spinner" role="status" aria-label={t('common.loading')} />}
      {open && (
        <div id="search-history" className="search-drop" role="region" aria-label={t('search.history')}>
          <ul>
            {words.map((w) => (
              <li key={w} className="search-drop__row">
                <button type="button" className="search-drop__word" onClick={() => dispatch(searchSubmitted(w))}>
                  <Icon name="search" size={16} />
                  <span>{w}</span>
                </button>
                <button type="button" className="search-drop__remove" onClick={() => dispatch(historyWordRemoved(w))} aria-label={t('search.remove', { word: w })}>
                  <Icon name="close" size={16} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
