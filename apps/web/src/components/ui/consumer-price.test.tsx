import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConsumerPrice } from "./consumer-price";

const FONT_SIZES = ["text-xs", "text-sm", "text-base", "text-lg", "text-xl", "text-2xl", "text-3xl"];
const sizeOf = (el: HTMLElement) =>
  // No size class inherits the surrounding text, which on our screens is never below text-xs.
  Math.max(0, ...FONT_SIZES.map((s, i) => (el.classList.contains(s) ? i : -1)));

describe("ConsumerPrice", () => {
  it("shows the GST-inclusive total, with the ex-GST component beside it", () => {
    render(<ConsumerPrice dollars={84.5} per="/hour" className="font-semibold text-lg" />);
    const total = screen.getByText("$92.95/hour");
    const component = screen.getByText("incl. GST · $84.50 + GST");
    expect(total).toHaveAttribute("data-price-part", "total");
    // ACL s 48: the single price at least as prominent as any part.
    expect(sizeOf(total)).toBeGreaterThanOrEqual(sizeOf(component));
    expect(component).toHaveClass("text-xs");
    expect(total.compareDocumentPosition(component) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("totals several lines as the invoice does", () => {
    render(<ConsumerPrice cents={[4555, 4555]} />);
    expect(screen.getByText("$100.21")).toBeInTheDocument();
    expect(screen.getByText("incl. GST · $91.10 + GST")).toBeInTheDocument();
  });

  it("stacks the component under the total for narrow columns, the total still first", () => {
    render(<ConsumerPrice dollars={70} stacked />);
    const total = screen.getByText("$77.00");
    expect(total.parentElement).toHaveClass("flex-col");
    expect(total.parentElement?.firstElementChild).toBe(total);
  });
});
