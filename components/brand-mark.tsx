/** The "K" tile of the brand, decorative (the link or text beside it names the site). */
export function BrandMark({ className = "size-8 rounded-lg text-sm" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center bg-linear-to-br from-primary to-pink-500 font-black text-white shadow-sm ${className}`}
    >
      K
    </span>
  );
}
