import { Link } from "react-router";
import { paths } from "@/config/paths";

export function BrandMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M10 8v16M10 16l9-8M13.5 13.5 21 24"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link
      to={paths.home()}
      className="flex min-h-11 items-center gap-2 rounded-lg font-bold text-slate-900 text-xl tracking-tight"
      aria-label="Kerb home"
    >
      <BrandMark className="size-8 text-brand-600" />
      <span>Kerb</span>
    </Link>
  );
}
