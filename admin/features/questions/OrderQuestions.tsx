import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Box, CircularProgress, Link, Paper, Typography } from '@mui/material';
import { useImageUrl } from '../../components/shopApi';
import { useDateTime } from '../orders/orderParts';

interface Attachment {
  img: string;
  thumb?: string;
}

/** A question's pictures: thumbnails linking to the full images (paths relative to URL_IMAGES). */
export function Attachments({ images, label }: { images: unknown; label: string }) {
  const img = useImageUrl();
  const list = (Array.isArray(images) ? images : []) as Attachment[];
  if (!list.length) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      {list.map((a, i) => (
        <Link key={a.img} href={img(a.img) ?? undefined} target="_blank" rel="noopener" aria-label={`${label} ${i + 1}`}>
          <Box component="img" src={img(a.thumb || a.img) ?? undefined} alt={`${label} ${i + 1}`} sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }} />
        </Link>
      ))}
    </Box>
  );
}

/** The customer's questions about one order (REST /rest/questions?filter={"orderId":…}). */
export function OrderQuestions({ orderId }: { orderId: RaRecord['id'] }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const { data = [], isPending } = useGetList('questions', { filter: { orderId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
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
              <Attachments images={q.images} label={translate('admin.questions.attachment')} />
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
