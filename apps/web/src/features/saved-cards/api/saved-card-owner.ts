/** Whose cards: the signed-in learner's (/api/student) or guardian's (/api/guardian). */
export type CardOwner = "student" | "guardian";

export const savedCardsPath = (owner: CardOwner) => `/${owner}/saved-cards`;
