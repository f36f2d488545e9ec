/** How a person is named wherever Kerb prints them (emails, receipts, lists): first and last name. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
