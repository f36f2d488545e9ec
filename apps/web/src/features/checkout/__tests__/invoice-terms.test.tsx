import { bundleOptions } from "@kerb/shared/rules";
import { BUNDLE_CREDIT_TERMS, CANCELLATION_TERMS } from "@kerb/shared/words";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defined } from "@/test/defined";
import { InvoiceDocument } from "../components/invoice-document";
import type { Flow } from "../model/wizard-state";

const bundle = defined(bundleOptions(10)[0]);

/** The invoice of either flow, with nothing chosen but the flow: its terms are what is looked at. */
function renderInvoice(flow: Flow) {
  render(
    <InvoiceDocument
      flow={flow}
      suburb="Parramatta"
      instructor={null}
      slots={[]}
      bundle={bundle}
      checkout={null}
    />,
  );
}

describe("the invoice's terms", () => {
  it("a bundle's invoice says what a cancelled credit-paid lesson costs, beside the spec's terms", () => {
    renderInvoice("bundle");
    for (const term of CANCELLATION_TERMS) expect(screen.getByText(term)).toBeInTheDocument();
    const credits = screen.getByRole("list", { name: "Terms for lessons paid with credits" });
    expect(
      within(credits)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([...BUNDLE_CREDIT_TERMS]);
  });

  it("a batch's invoice has only the spec's terms", () => {
    renderInvoice("multi_select");
    expect(screen.getByText(defined(CANCELLATION_TERMS[0]))).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Terms for lessons paid with credits" })).toBeNull();
  });
});
