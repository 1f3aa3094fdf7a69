import { useEffect, useMemo, useRef, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { Avatar, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import type { FieldDef } from '../../../schemas';
import { imageUrlFor } from '../catalogue/categoryShared';
import { imageSourceField, selectedOption, withOptionChosen, type SourceOption } from './imageSource';

/** A picked file travels in the form as react-admin's file inputs do (the data provider uploads `rawFile`). */
interface PickedFile {
  rawFile: File;
}
const isPicked = (v: unknown): v is PickedFile => !!v && typeof v === 'object' && (v as PickedFile).rawFile instanceof File;

/**
 * One of the shop's pictures (logo, favicon) on common_settings: a select of where it comes from — a file
 * (a picker of the option's mime types: JPEG, PNG, GIF, WebP) or a link — then that input, and a preview.
 * Choosing the other source clears the value (imageSource.ts).
 */
export function StoreImageInput({ field }: { field: FieldDef }) {
  const translate = useTranslate();
  const { field: input } = useInput({ source: field.name });
  const [select, setSelect] = useState(() => imageSourceField(input.value));
  const picker = useRef<HTMLInputElement>(null);
  const option = selectedOption(select);
  const label = translate(field.label);
  const value = input.value as unknown;
  const preview = useMemo(() => (isPicked(value) ? URL.createObjectURL(value.rawFile) : typeof value === 'string' && value.trim() ? imageUrlFor(value.trim()) : null), [value]);
  useEffect(() => () => void (preview?.startsWith('blob:') && URL.revokeObjectURL(preview)), [preview]);

  const choose = (id: SourceOption['id']) => {
    const next = withOptionChosen(select, id);
    setSelect(next);
    input.onChange(next.value);
  };

  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
      <Avatar variant="rounded" src={preview ?? undefined} alt={label} sx={{ width: 64, height: 64, bgcolor: 'grey.100' }}>
        <ImageOutlined color="disabled" />
      </Avatar>
      <Box sx={{ flex: '1 1 240px', display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField select size="small" label={`${label}: ${translate('admin.settings.image_source')}`} value={option.id} onChange={(e) => choose(e.target.value as SourceOption['id'])} sx={{ maxWidth: 280 }}>
          {select.options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {translate(`admin.settings.image_${o.id}`)}
            </MenuItem>
          ))}
        </TextField>
        {select.type === 'file' ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <input
              ref={picker}
              type="file"
              hidden
              accept={option.mime}
              aria-label={translate('admin.settings.pick_image', { name: label })}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) input.onChange({ rawFile: file } satisfies PickedFile);
                e.target.value = '';
              }}
            />
            <Button variant="outlined" size="small" startIcon={<AddPhotoAlternateOutlined />} onClick={() => picker.current?.click()}>
              {translate('admin.settings.pick_image', { name: label })}
            </Button>
            {isPicked(value) ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {value.rawFile.name}
              </Typography>
            ) : null}
          </Box>
        ) : (
          <TextField size="small" type="url" label={label} value={typeof value === 'string' ? value : ''} onChange={(e) => input.onChange(e.target.value)} placeholder="https://" fullWidth />
        )}
      </Box>
    </Box>
  );
}
