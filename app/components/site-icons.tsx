import type { Logo } from '#common/site-content/college.ts';
import { LOGO_MARK_HEIGHT, logoMarkUrl } from '#common/site-content/logo.ts';
/** Small line icons of the public pages; decorative, so hidden from assistive technology. */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function UserIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <svg {...common}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...common}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

export function PinIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg {...common} width={28} height={28} fill="currentColor" stroke="none">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10.4-6.5a1 1 0 0 0 0-1.8L9.5 4.6A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M9 5v14M15 5v14" />
    </svg>
  );
}

export function ExternalIcon() {
  return (
    <svg {...common} width={14} height={14}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}

export function CourseIcon({ name }: { name: 'atom' | 'chip' | 'chart' | 'bell' }) {
  const paths = {
    atom: (
      <>
        <circle cx="12" cy="12" r="1.5" />
        <ellipse cx="12" cy="12" rx="10" ry="4" />
        <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(60 12 12)" />
        <ellipse cx="12" cy="12" rx="10" ry="4" transform="rotate(120 12 12)" />
      </>
    ),
    chip: (
      <>
        <rect x="6" y="6" width="12" height="12" rx="2" />
        <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
      </>
    ),
    chart: <path d="M3 3v18h18M7 15l4-4 3 3 5-6" />,
    bell: <path d="M3 18h18M5 18a7 7 0 0 1 14 0M12 8V6M10 6h4" />,
  };
  return (
    <svg {...common} width={32} height={32}>
      {paths[name]}
    </svg>
  );
}

/** The height the brand's mark or logo is drawn at, in CSS pixels. */
const MARK_HEIGHT = LOGO_MARK_HEIGHT;

/**
 * The college's logo when it has uploaded one (an <img> with its size, so the header never shifts and no
 * script is needed), else the site's mark, a ring in orbit around a dot, in the college's colours. The
 * brand beside it says the name, so both are decoration.
 */
export function LogoMark({ logo = null }: { logo?: Logo | null }) {
  if (logo) {
    const width = Math.max(1, Math.round((MARK_HEIGHT * logo.width) / logo.height));
    return <img className="brand__logo" src={logoMarkUrl(logo.url)} width={width} height={MARK_HEIGHT} alt="" />;
  }
  return (
    <svg width={MARK_HEIGHT} height={MARK_HEIGHT} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <circle cx="18" cy="18" r="17" fill="#ffffff" />
      <ellipse
        cx="18"
        cy="18"
        rx="13"
        ry="6"
        fill="none"
        style={{ stroke: 'var(--brand)' }}
        strokeWidth="2.5"
        transform="rotate(-25 18 18)"
      />
      <circle cx="18" cy="18" r="5" style={{ fill: 'var(--accent)' }} />
      <circle cx="29" cy="13" r="2.2" style={{ fill: 'var(--brand)' }} />
    </svg>
  );
}
