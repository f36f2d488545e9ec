// What other features may use from learning (issue 23): the assessment kept with the student's account
// (the booking wizard reads and saves it, the account page edits it), the learner's assessment and the
// lesson record on an instructor's lesson, and the progress and logbook cards a guardian reads about the
// learner they follow (their driving-test packages among them).
export { useStudentAssessment } from "./api/get-student-assessment";
export { saveStudentAssessment } from "./api/save-student-assessment";
export { DrivingAssessmentCard } from "./components/driving-assessment-card";
export { LearnerAssessmentSummary } from "./components/learner-assessment-summary";
export { LessonRecordPanel } from "./components/lesson-record-panel";
export { LogbookCard, type LogbookDownload } from "./components/logbook-card";
export { LessonNotesCard, NextStepsCard, ProgressTiles, SkillsCard } from "./components/progress-cards";
export { TestPacksCard } from "./components/test-packs-card";
export type { LearnerSubject } from "./utils/learner-words";
