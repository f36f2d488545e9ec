import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Pager } from "./pager";

const noop = () => {};

describe("Pager", () => {
  it("counts one thing in the singular and more in the plural", () => {
    const { rerender } = render(
      <Pager page={1} pageSize={20} total={1} onPageChange={noop} noun={["claim", "claims"]} />,
    );
    expect(screen.getByText("1 claim")).toBeInTheDocument();
    rerender(<Pager page={1} pageSize={20} total={0} onPageChange={noop} noun={["claim", "claims"]} />);
    expect(screen.getByText("0 claims")).toBeInTheDocument();
  });

  it("names the page's range of the whole across pages", () => {
    render(<Pager page={2} pageSize={20} total={45} onPageChange={noop} noun={["user", "users"]} />);
    expect(screen.getByText("21–40 of 45 users")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
  });
});
