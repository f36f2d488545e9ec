import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { PageHeader } from "@/components/ui/page-header";
import { LegalDocumentText } from "../components/legal-document";

/** /privacy: the privacy policy (Australian Privacy Principles). */
export function PrivacyPage() {
  return (
    <Container className="py-8 sm:py-12">
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <DocumentTitle title="Privacy policy" />
        <PageHeader title="Privacy policy" description="What Kerb holds about you, why, and your rights." />
        <LegalDocumentText document="PRIVACY" />
      </div>
    </Container>
  );
}
