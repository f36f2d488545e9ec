import { describe, expect, it } from "vitest";
import { choosePoolInstructor, comparePoolCandidates } from "./pool-assignment.ts";

const c = (instructorId: string, priceCents: number, rating: number | null) => ({
  instructorId,
  priceCents,
  rating,
});

describe("choosePoolInstructor", () => {
  it("picks the cheapest free pool instructor", () => {
    expect(choosePoolInstructor([c("a", 5200, 5), c("b", 4907, 3), c("c", 5000, null)])?.instructorId).toBe(
      "b",
    );
  });

  it("breaks a price tie by the higher rating, unrated last", () => {
    expect(choosePoolInstructor([c("a", 5200, 4.1), c("b", 5200, 4.8)])?.instructorId).toBe("b");
    expect(choosePoolInstructor([c("a", 5200, null), c("b", 5200, 0)])?.instructorId).toBe("b");
  });

  it("breaks a full tie by instructor id, whatever the input order", () => {
    const tied = [c("b", 5200, 4.5), c("a", 5200, 4.5), c("c", 5200, 4.5)];
    expect(choosePoolInstructor(tied)?.instructorId).toBe("a");
    expect(choosePoolInstructor([...tied].reverse())?.instructorId).toBe("a");
  });

  it("is undefined when nobody is free", () => {
    expect(choosePoolInstructor([])).toBeUndefined();
  });

  it("agrees with sorting by comparePoolCandidates", () => {
    const list = [c("d", 5000, null), c("a", 5200, 5), c("c", 5000, 4), c("b", 5000, 4)];
    const sorted = [...list].sort(comparePoolCandidates).map((x) => x.instructorId);
    expect(sorted).toEqual(["b", "c", "d", "a"]);
    expect(choosePoolInstructor(list)?.instructorId).toBe(sorted[0]);
  });
});
