import {
  LEGAL_DOCUMENT_TEXTS,
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENT_VERSIONS,
  type LegalDocument,
} from "@kerb/shared/words";

/** One of Kerb's legal documents, titled and versioned, as the user reads it. */
export function LegalDocumentText({
  document,
  headingLevel = 2,
}: {
  document: LegalDocument;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="flex flex-col gap-3">
      <Heading className="font-semibold text-slate-900 text-xl">{LEGAL_DOCUMENT_TITLES[document]}</Heading>
      <p className="text-slate-500 text-sm">Version {LEGAL_DOCUMENT_VERSIONS[document]}</p>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
        {LEGAL_DOCUMENT_TEXTS[document].map((clause) => (
          <li key={clause}>{clause}</li>
        ))}
      </ol>
    </section>
  );
}
