/**
 * Who is reading about the learner's progress: the learner themself ("you"), or a parent or guardian
 * following them, who reads the learner's first name instead ("Sam").
 */
export type LearnerSubject = "you" | { firstName: string };

export type LearnerWords = {
  /** The learner is reading: links to their own account make sense. */
  isSelf: boolean;
  /** "you" or "Sam", mid-sentence. */
  them: string;
  /** "You" or "Sam", starting a sentence. */
  They: string;
  /** "your" or "Sam's", mid-sentence. */
  their: string;
  /** "Your" or "Sam's", starting a sentence. */
  Their: string;
};

export function learnerWords(subject: LearnerSubject): LearnerWords {
  if (subject === "you") return { isSelf: true, them: "you", They: "You", their: "your", Their: "Your" };
  const name = subject.firstName;
  return { isSelf: false, them: name, They: name, their: `${name}'s`, Their: `${name}'s` };
}
