import { useEffect, useRef } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { Avatar, Box, Button, IconButton, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Close from '@mui/icons-material/Close';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { MAX_OFFER_IMAGES } from '../../../schemas';

/** A product picture in the form: a stored one ({id, src}) or one chosen now ({rawFile, src: blob URL}). */
export interface PhotoValue {
  id?: string;
  src?: string | null;
  thumbSrc?: string | null;
  rawFile?: File;
  title?: string;
}

/** The picker accepts png, gif and jpeg (the seed); the server checks the bytes again. */
export const PHOTO_TYPES = ['image/png', 'image/gif', 'image/jpeg'];

/**
 * Up to 10 photos with add, delete and reorder (the first is the main one: the card's and the item page's
 * first). New files are previewed at once and uploaded on save (the shell shows 'Загрузка N%'); a removed
 * stored photo is deleted on save; a new order is stored after the save (photoOrder.ts).
 */
export function PhotosInput({ source = 'images' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const photos: PhotoValue[] = Array.isArray(field.value) ? field.value : [];
  const input = useRef<HTMLInputElement>(null);
  const urls = useRef(new Set<string>());
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const add = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_OFFER_IMAGES - photos.length;
    const picked = [...files].filter((f) => PHOTO_TYPES.includes(f.type)).slice(0, Math.max(0, room));
    const added = picked.map((f) => {
      const src = URL.createObjectURL(f);
      urls.current.add(src);
      return { rawFile: f, src, title: f.name };
    });
    if (added.length) field.onChange([...photos, ...added]);
  };
  const remove = (i: number) => field.onChange(photos.filter((_, j) => j !== i));
  /** Moves photo i one place towards the start (-1) or the end (+1). */
  const move = (i: number, by: -1 | 1) => {
    const j = i + by;
    if (j < 0 || j >= photos.length) return;
    const next = [...photos];
    [next[i], next[j]] = [next[j], next[i]];
    field.onChange(next);
  };
  const small = { bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' }, '&.Mui-disabled': { display: 'none' } };

  return (
    <Box component="section" aria-labelledby="photos-title">
      <Typography id="photos-title" variant="subtitle1" component="h2" gutterBottom>
        {translate('resources.offers.fields.images')} ({photos.length}/{MAX_OFFER_IMAGES})
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
        {photos.map((p, i) => (
          <Box component="li" key={p.id ?? p.src ?? i} sx={{ position: 'relative', width: 112, height: 112, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100', border: 1, borderColor: i === 0 ? 'primary.main' : 'divider' }}>
            {/* A feed's picture its supplier no longer serves: a mark that says so, not the browser's broken image. */}
            <Avatar variant="square" src={p.thumbSrc ?? p.src ?? undefined} alt={translate('admin.items.photo_n', { n: i + 1 })} sx={{ width: '100%', height: '100%', bgcolor: 'transparent', color: 'text.disabled', '& img': { objectFit: 'contain' } }}>
              <Box sx={{ textAlign: 'center', typography: 'caption' }}>
                <BrokenImageOutlined />
                <br />
                {translate('admin.items.photo_failed')}
              </Box>
            </Avatar>
            {i === 0 ? (
              <Typography variant="caption" sx={{ position: 'absolute', top: 4, insetInlineStart: 4, px: 0.5, borderRadius: 0.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                {translate('admin.items.main_photo')}
              </Typography>
            ) : null}
            <IconButton size="small" aria-label={translate('admin.items.delete_photo', { n: i + 1 })} onClick={() => remove(i)} sx={{ position: 'absolute', top: 2, insetInlineEnd: 2, ...small }}>
              <Close fontSize="small" />
            </IconButton>
            {/* Left and right as the row reads: in Arabic the start is on the right, the arrows turn with it. */}
            <IconButton size="small" aria-label={translate('admin.items.photo_earlier', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, -1)} sx={{ position: 'absolute', bottom: 2, insetInlineStart: 2, ...small }}>
              <ChevronLeft fontSize="small" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
            </IconButton>
            <IconButton size="small" aria-label={translate('admin.items.photo_later', { n: i + 1 })} disabled={i === photos.length - 1} onClick={() => move(i, 1)} sx={{ position: 'absolute', bottom: 2, insetInlineEnd: 2, ...small }}>
              <ChevronRight fontSize="small" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
            </IconButton>
          </Box>
        ))}
      </Box>
      <input ref={input} type="file" accept={PHOTO_TYPES.join(',')} multiple hidden aria-label={translate('admin.items.add_photo')} onChange={(e) => (add(e.target.files), (e.target.value = ''))} />
      <Button variant="outlined" startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()} disabled={photos.length >= MAX_OFFER_IMAGES}>
        {translate('admin.items.add_photo')}
      </Button>
    </Box>
  );
}
