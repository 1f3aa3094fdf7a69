import { useId, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectSubscription, subscriptionEdited, subscriptionSubmitted, type SubscriptionField } from '../../features/stores/shopSlice';
import { useT } from '../../lib/i18n';
import './footer.css';

/** The footer's news subscription (seed: "subscribe to news (footer form with name and email)"). */
export default function NewsForm() {
  const t = useT();
  const dispatch = useDispatch();
  const { status, errors, error } = useSelector(selectSubscription);
  const [values, setValues] = useState({ name: '', email: '' });
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(subscriptionSubmitted(values));
  };
  const field = (name: SubscriptionField, type: string, autoComplete: string) => {
    const err = errors[name];
    const errId = `${id}-${name}-error`;
    return (
      <div className="news__field">
        <label htmlFor={`${id}-${name}`}>{t(`news.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? errId : undefined}
          onChange={(e) => {
            setValues((v) => ({ ...v, [name]: e.target.value }));
            if (err || status === 'done') dispatch(subscriptionEdited(name));
          }}
        />
        {err && (
          <p id={errId} className="news__error">
            {t(err === 'required' ? 'news.required' : 'news.invalid_email')}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="news" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="news__title">
        {t('news.title')}
      </h2>
      <p className="news__text">{t('news.text')}</p>
      <div className="news__row">
        {field('name', 'text', 'name')}
        {field('email', 'email', 'email')}
        <button type="submit" className="button news__submit" disabled={status === 'loading'}>
          {status === 'loading' ? t('news.sending') : t('news.submit')}
        </button>
      </div>
      <p className="news__status" role="status">
        {status === 'done' ? t('news.done') : error ? t('news.failed') : ''}
      </p>
    </form>
  );
}
