import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { LegalDocumentText } from "../components/legal-document";

/** /terms: the terms of use, and the instructor agreement instructors also accept. */
export function TermsPage() {
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <DocumentTitle title="Terms of use" />
        <PageHeader title="Terms of use" description="What you agree to when you use Kerb." />
        <LegalDocumentText document="TERMS" />
        <LegalDocumentText document="INSTRUCTOR_AGREEMENT" />
      </div>
    </Container>
  );
}
