/* eslint-disable @next/next/no-img-element -- local SVG avatars or https URLs passed through safeImageSrc */
/** The character's small avatar beside its messages (decorative: the message says who wrote it). */
export function CharacterAvatar({ src, className = "size-8" }: { src: string | null; className?: string }) {
  if (!src) return <span aria-hidden="true" className={`${className} shrink-0 rounded-full bg-muted`} />;
  return (
    <img
      src={src}
      alt=""
      width={32}
      height={32}
      className={`${className} shrink-0 rounded-full bg-muted object-cover`}
    />
  );
}
