/** The account pages' own icons (drawn like components/Icon: 24×24, currentColor). */
const PATHS = {
  more: 'M12 5.5v.1M12 12v.1M12 18.5v.1',
  user: 'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4.5 20a7.5 7.5 0 0 1 15 0',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
} as const;

export default function AccountIcon({ name, size = 24 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg className="icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={name === 'more' ? 3 : 1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
