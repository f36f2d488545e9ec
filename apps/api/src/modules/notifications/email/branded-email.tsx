/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The pragmas keep the automatic JSX runtime wherever this file is compiled without the API's tsconfig
// (tsx run from the repository root by the e2e seed scripts would otherwise expect React in scope).
/**
 * Kerb's email look as React Email components: one branded layout every message goes through. Styles
 * are inline (mail clients drop stylesheets); React escapes everything people typed. The plain-text
 * version is read from the same markup (plain-text.ts), so both say the same words.
 */
import { Body, Button, Column, Container, Head, Html, Row, Section, Text } from "@react-email/components";
import type { EmailContent } from "../../../platform/email-content.ts";

const BRAND = "#0b6e4f";
const INK = "#1f2937";
const MUTED = "#4b5563";
const SIGN_OFF = "— Kerb, driving lessons with certified instructors";

const paragraph = { margin: "0 0 16px", color: INK, fontSize: "16px", lineHeight: "1.5" };

/** Label/value rows; the class lets the plain-text version write each as "Label: value". */
function Details({ rows }: { rows: NonNullable<EmailContent["details"]> }) {
  return (
    <Section className="kerb-details" style={{ margin: "0 0 20px" }}>
      {rows.map(([label, value], i) => (
        // Labels can repeat, so the position keys the row.
        // biome-ignore lint/suspicious/noArrayIndexKey: rows never reorder
        <Row key={i} className="kerb-detail">
          <Column
            style={{
              padding: "6px 12px 6px 0",
              color: MUTED,
              fontSize: "14px",
              whiteSpace: "nowrap",
              verticalAlign: "top",
              width: "1%",
            }}
          >
            {label}
          </Column>
          <Column style={{ padding: "6px 0", color: INK, fontSize: "14px", fontWeight: 600 }}>{value}</Column>
        </Row>
      ))}
    </Section>
  );
}

export function BrandedEmail({ content }: { content: EmailContent }) {
  return (
    <Html lang="en-AU">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          padding: "24px 12px",
          background: "#f3f4f6",
          fontFamily: "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
        }}
      >
        <Container
          style={{ maxWidth: "560px", background: "#ffffff", borderRadius: "12px", overflow: "hidden" }}
        >
          {/* The brand bar is decoration: the text version starts with the greeting. */}
          <Section
            data-skip-in-text="true"
            style={{
              background: BRAND,
              padding: "16px 24px",
              color: "#ffffff",
              fontSize: "20px",
              fontWeight: 700,
              letterSpacing: "0.5px",
            }}
          >
            Kerb
          </Section>
          <Section style={{ padding: "24px" }}>
            <Text style={paragraph}>{content.greeting}</Text>
            {content.paragraphs.map((text, i) => (
              // Two paragraphs may read the same; the position keys them.
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs never reorder
              <Text key={i} style={paragraph}>
                {text}
              </Text>
            ))}
            {content.details?.length ? <Details rows={content.details} /> : null}
            {content.action ? (
              <Section style={{ margin: "0 0 24px" }}>
                <Button
                  href={content.action.url}
                  className="kerb-action"
                  style={{
                    display: "inline-block",
                    background: BRAND,
                    color: "#ffffff",
                    textDecoration: "none",
                    fontWeight: 600,
                    padding: "12px 20px",
                    borderRadius: "8px",
                  }}
                >
                  {content.action.label}
                </Button>
              </Section>
            ) : null}
            <Text style={{ margin: 0, color: MUTED, fontSize: "14px", lineHeight: "1.5" }}>{SIGN_OFF}</Text>
            {content.footnote ? (
              <Text style={{ margin: "16px 0 0", color: MUTED, fontSize: "12px", lineHeight: "1.5" }}>
                {content.footnote}
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
