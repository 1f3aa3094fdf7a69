export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** Delivery hours when a place has no schedule: the whole day. */
export const DEFAULT_HOURS = { from: '00:00', to: '23:59' } as const;

/**
 * Delivery and pickup hours (seed, section 5, check 3): pure and browser-safe, run by the server when it
 * takes an order and by the storefront before it sends one, so both name the same hours.
 */

/** One day of a place's schedule as stored or as api= answers it (missing parts mean the default hours). */
export interface DayHours {
  from?: string;
  to?: string;
  isWeekend?: boolean;
}
/** A place's week; missing days work the default hours. */
export type WeekHours = Partial<Record<string, DayHours | undefined>>;

/** The moment in a store's time zone: its date, weekday and minutes since midnight. */
export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  day: WeekDay;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAY: Record<string, WeekDay> = {
  Monday: 'monday',
  Tuesday: 'tuesday',
  Wednesday: 'wednesday',
  Thursday: 'thursday',
  Friday: 'friday',
  Saturday: 'saturday',
  Sunday: 'sunday',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A store's time zone, or Moscow when it is unset or unknown (the seed's shops are Russian). */
export function safeTimeZone(tz: unknown): string {
  if (typeof tz === 'string' && tz) {
    try {
      formatterFor(tz);
      return tz;
    } catch {
      /* unknown zone */
    }
  }
  return 'Europe/Moscow';
}

export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatterFor(safeTimeZone(timeZone)).formatToParts(at).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day: WEEKDAY[parts.weekday],
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
export const toMinutes = (hhmm: string): number | null => {
  const m = TIME.exec(hhmm?.trim() ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A place's hours on one day: null when it does not work that day. No schedule at all means 00:00–23:59 daily. */
export function hoursOn(week: WeekHours | null | undefined, day: WeekDay): { from: number; to: number } | null {
  const whole = { from: toMinutes(DEFAULT_HOURS.from)!, to: toMinutes(DEFAULT_HOURS.to)! };
  if (!week || typeof week !== 'object') return whole;
  const d = week[day];
  if (!d) return whole;
  if (d.isWeekend) return null;
  const from = toMinutes(d.from ?? '');
  const to = toMinutes(d.to ?? '');
  if (from === null || to === null) return whole;
  return { from, to };
}

/** Whether a day's hours hold the minute; `to` counts to the end of its minute, and to < from runs past midnight. */
export function withinHours(h: { from: number; to: number }, minutes: number): boolean {
  return h.from <= h.to ? minutes >= h.from && minutes <= h.to : minutes >= h.from || minutes <= h.to;
}

export interface HoursCheck {
  open: boolean;
  /** The hours to name in the refusal: today's (the earliest start and latest end of the places), else the next working day's. */
  from: string;
  to: string;
}

/**
 * Whether delivery (or pickup) works now at any of the places. No place at all means the default
 * 00:00–23:59. The hours named are those of today, or of the next day any place works.
 */
export function checkHours(weeks: readonly (WeekHours | null | undefined)[], now: Pick<LocalTime, 'day' | 'minutes'>): HoursCheck {
  const schedules = weeks.length ? weeks : [null];
  const open = schedules.some((w) => {
    const h = hoursOn(w, now.day);
    return h !== null && withinHours(h, now.minutes);
  });
  const start = WEEK_DAYS.indexOf(now.day);
  for (let i = 0; i < 7; i++) {
    const day = WEEK_DAYS[(start + i) % 7];
    const hours = schedules.map((w) => hoursOn(w, day)).filter((h) => h !== null);
    // Today's hours are named only if some place still opens later today; otherwise the next working day's.
    if (!hours.length || (i === 0 && !open && hours.every((h) => h.from <= h.to && now.minutes > h.to))) continue;
    return { open, from: hhmm(Math.min(...hours.map((h) => h.from))), to: hhmm(Math.max(...hours.map((h) => h.to))) };
  }
  return { open, from: DEFAULT_HOURS.from, to: DEFAULT_HOURS.to };
}

/** A place's hours today for the pickup list ('10:00–22:00'), null on its day off. */
export function hoursToday(week: WeekHours | null | undefined, now: Pick<LocalTime, 'day'>): string | null {
  const h = hoursOn(week, now.day);
  return h ? `${hhmm(h.from)}–${hhmm(h.to)}` : null;
}
