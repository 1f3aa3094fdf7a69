import { useEffect, useRef } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { Box, Button, IconButton, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Close from '@mui/icons-material/Close';
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
 * Up to 10 photos with add and delete. New files are previewed at once and uploaded on save (the shell
 * shows 'Загрузка N%'); a removed stored photo is deleted on save.
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

  return (
    <Box component="section" aria-labelledby="photos-title">
      <Typography id="photos-title" variant="subtitle1" component="h2" gutterBottom>
        {translate('resources.offers.fields.images')} ({photos.length}/{MAX_OFFER_IMAGES})
      </Typography>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }}>
        {photos.map((p, i) => (
          <Box component="li" key={p.id ?? p.src ?? i} sx={{ position: 'relative', width: 96, height: 96, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100', border: 1, borderColor: 'divider' }}>
            <Box component="img" src={p.thumbSrc ?? p.src ?? undefined} alt={translate('admin.items.photo_n', { n: i + 1 })} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
            <IconButton
              size="small"
              aria-label={translate('admin.items.delete_photo', { n: i + 1 })}
              onClick={() => remove(i)}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: 'white' } }}
            >
              <Close fontSize="small" />
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
