/**
 * The plain-text version of an email, read from its HTML by React Email's `toPlainText` (html-to-text),
 * with two formatters of Kerb's own so the text reads as a person would write it: a detail row as
 * "Label: value" on one line, and the button as "Label: https://…" (a bare link, which every client can
 * open).
 */
import { toPlainText } from "@react-email/render";

// html-to-text's own shapes (it ships no types): a parsed element and the builder a formatter writes to.
interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}
interface Builder {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addInline(text: string): void;
}
type Walk = (nodes: Node[] | undefined, builder: Builder) => void;

const cellsOf = (node: Node): Node[] =>
  node.name === "td" ? [node] : (node.children ?? []).flatMap((child) => cellsOf(child));

/** A detail row (branded-email.tsx's `kerb-detail`): its cells on one line, "Label: value". */
function detailRow(elem: Node, walk: Walk, builder: Builder) {
  builder.openBlock({ leadingLineBreaks: 1 });
  cellsOf(elem).forEach((cell, i) => {
    if (i > 0) builder.addInline(": ");
    walk(cell.children, builder);
  });
  builder.closeBlock({ trailingLineBreaks: 1 });
}

/** The call to action: its label, then the link itself. */
function actionLink(elem: Node, walk: Walk, builder: Builder) {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addInline(`: ${elem.attribs?.href ?? ""}`);
  builder.closeBlock({ trailingLineBreaks: 2 });
}

export function emailText(html: string): string {
  const text = toPlainText(html, {
    formatters: { detailRow, actionLink },
    selectors: [
      {
        selector: "table.kerb-details",
        format: "block",
        options: { leadingLineBreaks: 2, trailingLineBreaks: 2 },
      },
      { selector: "table.kerb-detail", format: "detailRow" },
      { selector: "a.kerb-action", format: "actionLink" },
    ],
  });
  return `${text}\n`;
}
