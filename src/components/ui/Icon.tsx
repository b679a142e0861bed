/**
 * An inline line icon for React islands; the same glyphs as Icon.astro. It takes the glyph itself
 * (`icon={searchIcon}`), not a name: a name would need the whole table in the bundle.
 */
import type { IconDef } from './icon-paths';

/** Props of Icon: a glyph from icon-paths, size in px, and an optional accessible label. */
export interface IconProps {
  icon: IconDef;
  size?: number;
  label?: string;
  className?: string;
}

/** Draws one icon; decorative (aria-hidden) unless a label is given. */
export function Icon({ icon, size = 24, label, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {icon.stroke?.map((d) => (
        <path key={d} d={d} />
      ))}
      {icon.fill?.map((d) => (
        <path key={d} d={d} fill="currentColor" stroke="none" />
      ))}
    </svg>
  );
}
