import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";

const textLinkClasses =
  "font-semibold text-brand-700 underline decoration-brand-300 decoration-2 underline-offset-4 hover:text-brand-800 hover:decoration-brand-600";

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
