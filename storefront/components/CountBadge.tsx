/** The number on a header button (cart, favourites): none at 0, "99+" beyond 99; the button's label says it aloud. */
export default function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
