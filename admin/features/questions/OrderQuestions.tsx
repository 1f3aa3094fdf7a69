import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Box, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useImageUrl } from '../../components/shopApi';
import { useDateTime } from '../orders/orderParts';

interface Attachment {
  img: string;
  thumb?: string;
}

/** How often a page with pictures still being made asks again. */
const PENDING_POLL_MS = 2000;

/**
 * A question's pictures: thumbnails linking to the full images (paths relative to URL_IMAGES), then how many
 * are still being made (the server makes them after the customer's answer) and how many could not be read.
 */
export function Attachments({ question, label }: { question: RaRecord; label: string }) {
  const img = useImageUrl();
  const translate = useTranslate();
  const list = (Array.isArray(question.images) ? question.images : []) as Attachment[];
  const pending = Number(question.imagesPending) || 0;
  const failed = Number(question.imagesFailed) || 0;
  if (!list.length && !pending && !failed) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
      {list.map((a, i) => (
        <Link key={a.img} href={img(a.img) ?? undefined} target="_blank" rel="noopener" aria-label={`${label} ${i + 1}`}>
          <Box component="img" src={img(a.thumb || a.img) ?? undefined} alt={`${label} ${i + 1}`} sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }} />
        </Link>
      ))}
      {pending > 0 && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('admin.questions.pictures_pending', { count: pending })}
        </Typography>
      )}
      {failed > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('admin.questions.pictures_failed', { count: failed })}
        </Typography>
      )}
    </Box>
  );
}

/** Ask again while a question's pictures are being made (react-query's refetchInterval from the cached list). */
export const whilePending = (query: { state: { data?: { data?: RaRecord[] } } }) =>
  query.state.data?.data?.some((q) => Number(q.imagesPending) > 0) ? PENDING_POLL_MS : false;

/** The customer's questions about one order (REST /rest/questions?filter={"orderId":…}). */
export function OrderQuestions({ orderId }: { orderId: RaRecord['id'] }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const { data = [], isPending } = useGetList(
    'questions',
    { filter: { orderId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { refetchInterval: whilePending },
  );
  const title = translate('admin.questions.of_order');
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {isPending ? (
        <CircularProgress size={24} />
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('admin.questions.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.map((q) => (
            <Box component="li" key={q.id} sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="caption" color="text.secondary">
                {dateTime(q.createdAt)} · {q.contact}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.message}</Typography>
              <Attachments question={q} label={translate('admin.questions.attachment')} />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
