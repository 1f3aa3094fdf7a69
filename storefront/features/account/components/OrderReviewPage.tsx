import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useParams } from '../../../lib/router';
import Icon from '../../../components/Icon';
import UploadProgress from '../../../components/UploadProgress';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { REVIEW_IMAGE_TYPES } from '../accountApi';
import { orderRequested, reviewOpened, reviewSubmitted, selectOrder, selectReview } from '../accountSlice';
import { orderIdParam } from './CustomerOrderPage';
import '../account.css';
import { useLaterPageTitle } from '../../seo/public';

/** At most this many pictures (the server's limit). */
export const MAX_IMAGES = 10;

/** The chosen pictures with their preview URLs (revoked when they go). */
function usePreviews(files: File[]) {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * /order/{id}/review: the question about an order: contact ('Почта или номер телефона для связи') and
 * message, both required, png/gif/jpeg pictures (several, with previews). Sent as POST /rest/questions;
 * then a message and back to the order. Field errors show under their field; other errors as a toast.
 */
export default function OrderReviewPage() {
  useLaterPageTitle();
  const t = useT();
  const dispatch = useDispatch();
  const { orderId } = useParams();
  const id = orderIdParam(orderId);
  const order = useSelector(selectOrder);
  const review = useSelector(selectReview);
  const [contact, setContact] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const previews = usePreviews(files);
  useScrollTop(id);

  useEffect(() => {
    dispatch(reviewOpened());
    // Asks for the order too: someone else's order is the 404 page here as well.
    if (id) dispatch(orderRequested(id));
  }, [id, dispatch]);

  if (!id) return <Navigate to="/404" replace />;
  if (order.id === id && order.error === 'not_found') return <Navigate to="/404" replace />;

  const errors = review.fieldErrors;
  const sending = review.status === 'loading';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(reviewSubmitted({ orderId: id, contact, message, files }));
  };
  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list).filter((f) => REVIEW_IMAGE_TYPES.includes(f.type));
    setFiles((fs) => [...fs, ...picked].slice(0, MAX_IMAGES));
  };
  const described = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `review-${field}-error` } : {});

  return (
    <div className="page page--account page--review">
      <Link className="account-back" to={`/order/${id}`}>
        <Icon name="back" size={18} className="flip-rtl" />
        {t('account.order_title', { number: id })}
      </Link>
      <h1 className="page__title">{t('account.review.title', { number: id })}</h1>
      <form className="account-card account-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="review-contact">
            {t('account.review.contact')} <span className="field__required" aria-hidden="true">*</span>
          </label>
          <input id="review-contact" className="field__input" value={contact} maxLength={200} required autoComplete="email" onChange={(e) => setContact(e.target.value)} {...described('contact')} />
          {errors.contact && (
            <span className="field__error" id="review-contact-error">
              {errors.contact}
            </span>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="review-message">
            {t('account.review.message')} <span className="field__required" aria-hidden="true">*</span>
          </label>
          <textarea
            id="review-message"
            className="field__input field__input--area"
            value={message}
            rows={5}
            maxLength={5000}
            required
            placeholder={t('account.review.message_placeholder')}
            onChange={(e) => setMessage(e.target.value)}
            {...described('message')}
          />
          {errors.message && (
            <span className="field__error" id="review-message-error">
              {errors.message}
            </span>
          )}
        </div>
        <fieldset className="field review-images" {...described('images')}>
          <legend className="field__label">{t('account.review.images')}</legend>
          {files.length > 0 && (
            <ul className="review-images__list">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} className="review-images__item">
                  <img src={previews[i]} alt={f.name} />
                  <button type="button" className="review-images__remove" aria-label={t('account.review.remove_image', { name: f.name })} onClick={() => setFiles((fs) => fs.filter((_, j) => j !== i))}>
                    <Icon name="close" size={16} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {files.length < MAX_IMAGES && (
            <label className="button button--ghost review-images__add">
              <Icon name="plus" size={20} />
              {t('account.review.add_images')}
              <input
                className="visually-hidden"
                type="file"
                accept={REVIEW_IMAGE_TYPES.join(',')}
                multiple
                onChange={(e) => {
                  addFiles(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          )}
          <span className="account-muted">{t('account.review.images_hint')}</span>
          {errors.images && (
            <span className="field__error" id="review-images-error">
              {errors.images}
            </span>
          )}
        </fieldset>
        {/* 'Загрузка N%' while the pictures go up. */}
        {sending && <UploadProgress />}
        <button type="submit" className="button button--wide" disabled={sending}>
          {sending ? t('account.review.sending') : t('account.review.send')}
        </button>
      </form>
    </div>
  );
}
