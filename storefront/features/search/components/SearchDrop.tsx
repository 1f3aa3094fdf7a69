import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from '../../../lib/router';
import Icon from '../../../components/Icon';
import { useCategoryTree } from '../../../components/ShopContext';
import { pathOf } from '../../../lib/categories';
import { imgUrl } from '../../../lib/config';
import { useT } from '../../../lib/i18n';
import { formatPrice } from '../../../../schemas/rules/money';
import '../suggestFeature';
import { dropListToggled, historyWordRemoved, searchSubmitted, suggestionPicked, suggestionsBrowsed } from '../searchSlice';
import { selectSuggest, suggestionsWanted, type Suggestion } from '../suggestSlice';
import '../searchDrop.css';

/** History words shown above the suggestions while typing (all of the drop-list's, up to 7, on an empty field). */
const HISTORY_WHILE_TYPING = 3;

/**
 * The search drop-list, loaded on the first focus of the search field (SearchBox): on an empty field the
 * recent searches (removable), while typing the matching recent ones, then the categories and products
 * the server suggests (api=suggest, corrected for typos and the other layout). ArrowDown from the field
 * and the arrows inside move through the rows, Escape goes back to the field; a product opens its page,
 * a category its list, a recent search searches.
 */
export default function SearchDrop({ word, words, input }: { word: string; words: string[]; input: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const dispatch = useDispatch();
  const { tree } = useCategoryTree();
  const suggest = useSelector(selectSuggest);
  const box = useRef<HTMLDivElement>(null);
  const typed = word.trim();
  const fresh = suggest.word === typed;
  const items = typed && fresh ? suggest.items : [];
  const history = typed ? words.slice(0, HISTORY_WHILE_TYPING) : words;
  const categories = items.filter((s) => s.kind === 'category');
  const products = items.filter((s) => s.kind === 'offer');

  useEffect(() => {
    dispatch(suggestionsWanted(typed));
  }, [typed, dispatch]);

  const rows = () => Array.from(box.current?.querySelectorAll<HTMLElement>('[data-drop-row]') ?? []);
  // ArrowDown in the field goes to the first row.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'ArrowDown') return;
      const first = rows()[0];
      if (first) {
        e.preventDefault();
        dispatch(suggestionsBrowsed());
        first.focus();
      }
    };
    field.addEventListener('keydown', onKey);
    return () => field.removeEventListener('keydown', onKey);
  }, [input, dispatch]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = rows();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => {
      e.preventDefault();
      if (i < 0) input.current?.focus();
      else list[Math.min(i, list.length - 1)]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      input.current?.focus();
      dispatch(dropListToggled(false));
    }
  };

  const picked = () => dispatch(suggestionPicked());
  const productHref = (s: Suggestion) => `/category/${pathOf(tree, String(s.categoryId))}/item/${s.id}`;
  const categoryHref = (s: Suggestion) => `/category/${pathOf(tree, s.id)}/1`;

  // Empty, the list is still there (hidden): the field's aria-controls names it, and it says the drop-list's code has loaded.
  if (!history.length && !items.length) return <div id="search-drop" hidden />;
  return (
    <div id="search-drop" ref={box} className="search-drop search-drop--suggest" onKeyDown={onKeyDown} onPointerDown={() => dispatch(suggestionsBrowsed())}>
      {!!history.length && (
        <section role="region" aria-label={t('search.history')}>
          {!typed && <h2 className="search-drop__heading">{t('search.recent')}</h2>}
          <ul>
            {history.map((w) => (
              <li key={w} className="search-drop__row">
                <button type="button" data-drop-row className="search-drop__word" onClick={() => dispatch(searchSubmitted(w))}>
                  <Icon name="search" size={16} />
                  <span>{w}</span>
                </button>
                <button type="button" className="search-drop__remove" onClick={() => dispatch(historyWordRemoved(w))} aria-label={t('search.remove', { word: w })}>
                  <Icon name="close" size={16} />
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!!items.length && (
        <section role="region" aria-label={t('search.suggestions')}>
          {suggest.corrected && <p className="search-drop__corrected">{t('search.suggest_corrected', { corrected: suggest.corrected })}</p>}
          {!!categories.length && (
            <>
              <h2 className="search-drop__heading">{t('search.categories')}</h2>
              <ul>
                {categories.map((s) => (
                  <li key={`c${s.id}`} className="search-drop__row">
                    <Link to={categoryHref(s)} data-drop-row className="search-drop__word" onClick={picked}>
                      <Icon name="catalog" size={16} />
                      <span>{s.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          {!!products.length && (
            <>
              <h2 className="search-drop__heading">{t('search.products')}</h2>
              <ul>
                {products.map((s) => (
                  <li key={`o${s.id}`} className="search-drop__row">
                    <Link
                      to={productHref(s)}
                      data-drop-row
                      className="search-drop__product"
                      onClick={picked}
                    >
                      <span className="search-drop__thumb">{s.thumb ? <img src={imgUrl(s.thumb)} alt="" width={40} height={40} loading="lazy" /> : null}</span>
                      <span className="search-drop__name">{s.name}</span>
                      {s.price ? (
                        <span className="search-drop__price" dir="ltr">
                          {formatPrice(s.price)}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}
