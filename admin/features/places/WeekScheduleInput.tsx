import { useLocaleState, useTranslate } from 'react-admin';
import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { WEEK_DAYS, type WeekDay, type WeekSchedule } from '../../../schemas';

/** The weekday's name in the panel's language ('Понедельник'): 2024-01-01 was a Monday. */
export function dayName(locale: string, day: WeekDay) {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(new Date(2024, 0, 1 + WEEK_DAYS.indexOf(day)));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * The weekly schedule: one row per day with its hours (from – to, HH:MM) and a weekend switch; a weekend
 * day hides its hours, as the seed's editor does.
 */
export function WeekScheduleInput({ value, onChange }: { value: WeekSchedule; onChange: (week: WeekSchedule) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const set = (day: WeekDay, patch: Partial<WeekSchedule[WeekDay]>) => onChange({ ...value, [day]: { ...value[day], ...patch } });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1, fontWeight: 500 }}>
        {translate('resources.places.fields.week')}
      </Typography>
      <Box role="list" sx={{ display: 'grid', gap: 1 }}>
        {WEEK_DAYS.map((day) => {
          const d = value[day];
          const name = dayName(locale, day);
          return (
            <Box
              role="listitem"
              aria-label={name}
              key={day}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '140px 150px 1fr' }, alignItems: 'center', gap: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
              <FormControlLabel
                sx={{ m: 0, justifySelf: { xs: 'end', sm: 'start' } }}
                control={<Switch size="small" checked={d.isWeekend} onChange={(e) => set(day, { isWeekend: e.target.checked })} slotProps={{ input: { 'aria-label': `${name}: ${translate('admin.places.weekend')}` } }} />}
                label={translate('admin.places.weekend')}
              />
              {d.isWeekend ? (
                <Typography variant="body2" color="text.secondary" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  {translate('admin.places.day_off')}
                </Typography>
              ) : (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                  <TextField
                    size="small"
                    type="time"
                    label={translate('admin.places.from')}
                    value={d.from}
                    onChange={(e) => e.target.value && set(day, { from: e.target.value.slice(0, 5) })}
                    slotProps={{ htmlInput: { step: 60, 'aria-label': `${name}: ${translate('admin.places.from')}` }, inputLabel: { shrink: true } }}
                    sx={{ flex: 1, maxWidth: 160 }}
                  />
                  <span aria-hidden>–</span>
                  <TextField
                    size="small"
                    type="time"
                    label={translate('admin.places.to')}
                    value={d.to}
                    onChange={(e) => e.target.value && set(day, { to: e.target.value.slice(0, 5) })}
                    slotProps={{ htmlInput: { step: 60, 'aria-label': `${name}: ${translate('admin.places.to')}` }, inputLabel: { shrink: true } }}
                    sx={{ flex: 1, maxWidth: 160 }}
                  />
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
