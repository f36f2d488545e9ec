import type { ReactNode } from "react";
import { Container } from "@/components/ui/container";
import { BrandLink } from "./brand";

/** The bar's one row: the brand on the left, whatever the visitor may do on the right. */
export function NavRow({ children }: { children?: ReactNode }) {
  return (
    <Container className="flex h-16 items-center justify-between gap-4">
      <BrandLink />
      {children}
    </Container>
  );
}
