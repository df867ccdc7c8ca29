import { Link } from 'react-router-dom';
import { COMPANY } from '@/lib/company';

export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0072CE" />
      <path d="M9 22V10h7.5a4 4 0 0 1 0 8H13v4z" fill="#fff" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-md text-slate-900">
      <LogoMark />
      <span className="text-lg font-semibold tracking-tight">{COMPANY.brand}</span>
    </Link>
  );
}
