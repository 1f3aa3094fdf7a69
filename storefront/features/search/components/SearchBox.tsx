import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from '../../../lib/router';
import Icon from '../../../components/Icon';
import { useT } from '../../../lib/i18n';
import { dropListToggled, dropListWords, searchCleared, searchSubmitted, searchWordTyped, selectSearch } from '../searchSlice';
import '../search.css';

// The drop-list (recent searches, suggestions) loads on the first focus: it is not part of the first screen's JS.
const SearchDrop = lazy(() => import('./SearchDrop'));

/**
 * The header's search input: searches 700 ms after the last keystroke (Enter at once), with a drop-list
 * (SearchDrop) of recent searches on focus and suggestions while typing.
 */
export default function SearchBox() {
  const t = useT();
  const dispatch = useDispatch();
  const { word, pending, history, dropOpen } = useSelector(selectSearch);
  const { pathname } = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [dropWanted, setDropWanted] = useState(false);
  const words = dropListWords(history, word);

  // Words typed into the server-rendered input before the app started are the shopper's: search them.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed.trim() && typed !== word) dispatch(searchWordTyped(typed));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render after hydration
  }, []);

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
        ref={input}
        className="search-input search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        value={word}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-controls={dropOpen ? 'search-drop' : undefined}
        onChange={(e) => dispatch(searchWordTyped(e.target.value))}
        onFocus={() => {
          setDropWanted(true);
          dispatch(dropListToggled(true));
        }}
        onKeyDown={(e) => e.key === 'Escape' && dispatch(dropListToggled(false))}
      />
      {pending && <span className="search__spinner" role="status" aria-label={t('common.loading')} />}
      {dropWanted && dropOpen && (
        <Suspense fallback={null}>
          <SearchDrop word={word} words={words} input={input} />
        </Suspense>
      )}
    </form>
  );
}
