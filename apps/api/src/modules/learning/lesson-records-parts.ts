/**
 * What a lesson taught, recorded by its instructor once it is completed (issue 23): the skills practised
 * with a level each, a short note, and the instructor's confirmation of it as a structured lesson for the
 * learner's NSW logbook. Saving again edits it; the learner is emailed on the first save only.
 */
import type { lessonRecordRequest } from "@kerb/shared";
import type { z } from "zod";

export type LessonRecordInput = z.output<typeof lessonRecordRequest>;
