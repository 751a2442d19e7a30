import type { PlainIconShape } from './plain-icon-shapes.ts';
import styles from './plain-icon.module.css';

interface PlainIconProps {
  shape: PlainIconShape;
  className?: string;
}

/**
 * An Ant Design icon drawn from its path data (plain-icon-shapes.ts), with the markup and look of
 * `@ant-design/icons` (an `anticon` span around a 1em SVG in the text's colour), for pieces that
 * load none of Ant Design. Decorative, as the icons beside words are: hidden from screen readers.
 */
export function PlainIcon({ shape, className }: PlainIconProps) {
  return (
    <span
      aria-hidden="true"
      className={`anticon anticon-${shape.name} ${styles.icon}${className ? ` ${className}` : ''}`}
    >
      <svg
        viewBox={shape.viewBox}
        focusable="false"
        data-icon={shape.name}
        width="1em"
        height="1em"
        fill="currentColor"
      >
        {shape.paths.map((path) => (
          <path key={path} d={path} />
        ))}
      </svg>
    </span>
  );
}
