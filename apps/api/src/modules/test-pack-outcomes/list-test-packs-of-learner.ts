import type { TestPackSummary } from "@kerb/shared";
import type { Executor } from "../../db/client.ts";
import { toTestPackSummary } from "../test-packages/index.ts";
import { listPacksOfLearner } from "./test-pack-outcomes.repository.ts";

/** The learner's packs with their outcomes, for their progress page (the learning module's, and a guardian's). */
export async function listTestPacksOfLearner(db: Executor, studentId: string): Promise<TestPackSummary[]> {
  return (await listPacksOfLearner(db, studentId)).map(toTestPackSummary);
}
