/**
 * Inline SVG icons: emoji glyphs depend on the system's fonts (headless and many Linux desktops show empty
 * boxes), SVG renders everywhere and takes the text colour. All are decorative: the control names them.
 */
import type { ReactNode } from 'react';

function Svg({ children, size = 14 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const FolderIcon = ({ open }: { open: boolean }) => (
  <Svg>
    {open ? (
      <path d="M1.5 4.5v8h11l2-5.5H4l-2.5 5.5M1.5 4.5V3h4l1.2 1.5H12v2.5" />
    ) : (
      <path d="M1.5 3h4l1.2 1.5h7.8v8h-13z" fill="currentColor" fillOpacity=".18" />
    )}
  </Svg>
);

export const LockIcon = ({ size = 11 }: { size?: number }) => (
  <Svg size={size}>
    <rect x="3" y="7" width="10" height="7" rx="1.2" fill="currentColor" fillOpacity=".25" />
    <path d="M5 7V5a3 3 0 0 1 6 0v2" />
  </Svg>
);

export const UnlockIcon = () => (
  <Svg>
    <rect x="3" y="7" width="10" height="7" rx="1.2" />
    <path d="M5 7V5a3 3 0 0 1 5.8-1" />
  </Svg>
);

export const NewFileIcon = () => (
  <Svg>
    <path d="M9 1.5H3.5v13h9V5z M9 1.5V5h3.5 M8 8v4 M6 10h4" />
  </Svg>
);

export const NewFolderIcon = () => (
  <Svg>
    <path d="M1.5 3h4l1.2 1.5h7.8v8h-13z M8 7v4 M6 9h4" />
  </Svg>
);

export const RenameIcon = () => (
  <Svg>
    <path d="M10.5 2.5l3 3-8 8H2.5v-3z M9 4l3 3" />
  </Svg>
);

export const DeleteIcon = () => (
  <Svg>
    <path d="M2.5 4h11 M6 4V2.5h4V4 M4 4l.8 10h6.4L12 4 M6.8 6.5v5 M9.2 6.5v5" />
  </Svg>
);

export const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <Svg>
    <path d="M1 8s2.5-4.5 7-4.5S15 8 15 8s-2.5 4.5-7 4.5S1 8 1 8z" />
    <circle cx="8" cy="8" r="2" />
    {crossed && <path d="M2.5 13.5l11-11" />}
  </Svg>
);
