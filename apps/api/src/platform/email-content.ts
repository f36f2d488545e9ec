/** What a Kerb email says, whatever it looks like: every message fills this in. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailContent {
  subject: string;
  /** The first line: "Hi Sam," */
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** Label/value rows shown as a small table (lesson time, instructor, refund…). */
  details?: Array<[label: string, value: string]>;
  /** One call to action: a button in HTML, a bare link in text. */
  action?: { label: string; url: string };
  /** A closing line under everything else, e.g. why they received it. */
  footnote?: string;
}
