import { type LessonLength, SUBURBS, VEHICLE_TYPES } from "@kerb/shared";
import { findSuburb, isValidAbn, testCentresByDrive } from "@kerb/shared/rules";

/** Demo catalogue: varied enough that listings, recommendations and calendars look real. */

export const DEMO_PASSWORD = "demo1234";

type Window = [weekday: number, startHour: number, endHour: number];

interface SeedInstructor {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  gender: "MALE" | "FEMALE";
  languages: string[];
  suburbs: string[];
  vehicleType: "AUTOMATIC" | "MANUAL" | "BOTH";
  rateDollars: number;
  rating: number | null;
  ratingCount: number;
  poolOptIn: boolean;
  bio: string;
  hours: Window[];
  /** The lengths offered: a newcomer meets 90 and 120-minute lessons alongside the hour. */
  lessonLengths: LessonLength[];
}

const weekdays = (start: number, end: number): Window[] => [1, 2, 3, 4, 5].map((d) => [d, start, end]);

// Weekly patterns: full weekdays, office hours plus Saturday, late shifts, split days with Sunday.
const PATTERNS: Window[][] = [
  weekdays(7, 18),
  [...weekdays(9, 17), [6, 8, 14]],
  [2, 3, 4, 5, 6].map((d): Window => [d, 10, 19]),
  [
    [1, 6, 12],
    [1, 13, 20],
    [3, 6, 12],
    [3, 13, 20],
    [5, 6, 12],
    [5, 13, 20],
    [0, 9, 15],
  ],
  [...weekdays(8, 16), [0, 8, 12], [6, 9, 15]],
];

const BIOS = [
  "Patient, calm instructor who loves helping complete beginners feel safe behind the wheel.",
  "Test preparation specialist: I know the local test routes and what examiners look for.",
  "Fifteen years of teaching nervous and beginner drivers. Patience is my superpower.",
  "Former testing officer. Focused lessons that prepare you to pass your driving test first time.",
  "Friendly and relaxed. Great with first-timers and anyone returning to driving after a break.",
  "Highway confidence, city traffic and night driving. Structured lessons with clear progress notes.",
  "Manual and automatic lessons, from your first hill start to full test preparation.",
  "I keep lessons calm and encouraging, with plenty of patience for beginners.",
];

const LANGUAGE_SETS = [
  ["English"],
  ["English", "Mandarin"],
  ["English", "Arabic"],
  ["English", "Hindi"],
  ["English", "Vietnamese"],
  ["English", "Urdu"],
  ["English", "Cantonese"],
  ["English", "Greek"],
  ["English", "Korean"],
];

const NAMES: Array<[string, string, "MALE" | "FEMALE"]> = [
  ["Sarah", "Mitchell", "FEMALE"],
  ["Wei", "Zhang", "MALE"],
  ["Fatima", "Haddad", "FEMALE"],
  ["Raj", "Patel", "MALE"],
  ["Linh", "Tran", "FEMALE"],
  ["Imran", "Qureshi", "MALE"],
  ["Emily", "Wong", "FEMALE"],
  ["Nick", "Papadopoulos", "MALE"],
  ["Ji-woo", "Kim", "FEMALE"],
  ["James", "O'Brien", "MALE"],
  ["Mei", "Chen", "FEMALE"],
  ["Omar", "Khalil", "MALE"],
  ["Priya", "Sharma", "FEMALE"],
  ["Minh", "Nguyen", "MALE"],
  ["Ayesha", "Malik", "FEMALE"],
  ["Tom", "Walker", "MALE"],
  ["Grace", "Liu", "FEMALE"],
  ["Karim", "Mansour", "MALE"],
  ["Anjali", "Reddy", "FEMALE"],
  ["Duc", "Pham", "MALE"],
  ["Zainab", "Hussain", "FEMALE"],
  ["Ben", "Taylor", "MALE"],
  ["Helen", "Lam", "FEMALE"],
  ["George", "Nikolaidis", "MALE"],
  ["Soo-min", "Park", "FEMALE"],
  ["Liam", "Murphy", "MALE"],
  ["Yan", "Li", "FEMALE"],
  ["Hassan", "Saleh", "MALE"],
  ["Neha", "Gupta", "FEMALE"],
  ["Quang", "Le", "MALE"],
  ["Sana", "Ahmed", "FEMALE"],
  ["Chris", "Anderson", "MALE"],
  ["Olivia", "Brown", "FEMALE"],
  ["Arjun", "Singh", "MALE"],
  ["Nadia", "Aziz", "FEMALE"],
  ["Jack", "Wilson", "MALE"],
];

export function buildSeedInstructors(): SeedInstructor[] {
  const demo: SeedInstructor = {
    email: "instructor@demo.test",
    firstName: "Daniel",
    lastName: "Cooper",
    phone: "0400 111 222",
    gender: "MALE",
    languages: ["English", "Mandarin"],
    suburbs: ["Sydney CBD", "North Sydney", "Chatswood", "Parramatta", "Bondi"],
    vehicleType: "BOTH",
    rateDollars: 75,
    rating: 4.8,
    ratingCount: 64,
    poolOptIn: true,
    bio: "Patient instructor for beginners and test preparation alike. Dual-control automatic and manual cars.",
    hours: [...weekdays(8, 18), [6, 9, 13]],
    lessonLengths: [60, 90, 120],
  };
  const others = NAMES.map(([firstName, lastName, gender], i): SeedInstructor => {
    const rating = i % 9 === 8 ? null : Math.round((3.8 + ((i * 7) % 13) / 10) * 10) / 10;
    return {
      email: `${firstName.toLowerCase().replace(/[^a-z]/g, "")}.${lastName.toLowerCase().replace(/[^a-z]/g, "")}@instructors.kerb.test`,
      firstName,
      lastName,
      phone: `04${String(10_000_000 + i * 137_911).slice(0, 2)} ${String(100 + i * 7).slice(-3)} ${String(300 + i * 13).slice(-3)}`,
      gender,
      languages: LANGUAGE_SETS[i % LANGUAGE_SETS.length] ?? ["English"],
      // Each suburb is the home area of three instructors and a second area of three more.
      suburbs: [SUBURBS[i % 12], SUBURBS[(i + 5) % 12]].filter((s): s is (typeof SUBURBS)[number] => !!s),
      vehicleType: VEHICLE_TYPES[i % VEHICLE_TYPES.length] ?? "AUTOMATIC",
      rateDollars: 55 + ((i * 5) % 45),
      rating: rating === null ? null : Math.min(5, rating),
      ratingCount: rating === null ? 0 : 5 + ((i * 11) % 90),
      poolOptIn: i % 5 !== 4,
      bio: BIOS[i % BIOS.length] ?? "",
      hours: PATTERNS[i % PATTERNS.length] ?? [],
      // One in six offers every length, one in six two hours as well: most teach the hour only.
      lessonLengths: i % 6 === 2 ? [60, 90, 120] : i % 6 === 5 ? [60, 120] : [60],
    };
  });
  return [demo, ...others];
}

/**
 * A checksum-valid ABN per seeded instructor (fictitious: nine digits from the index, then the two
 * leading digits that make the ATO check pass), so demo payouts run: without an ABN nothing is paid.
 */
export function seedAbn(index: number): string {
  const body = String(100_000_000 + index * 7_919).slice(-9);
  for (let prefix = 10; prefix < 100; prefix++) {
    if (isValidAbn(`${prefix}${body}`)) return `${prefix}${body}`;
  }
  throw new Error(`no ABN check digits for ${body}`);
}

/**
 * The demo's driving-test package offers (issue 33): the demo instructor and every third other one take
 * learners to the centres nearest their home suburb, at about three and a half lessons' price (whole
 * ten dollars), half of them with the warm-up lesson. The rest offer none, as most instructors start.
 */
export function seedTestPackOffer(seed: SeedInstructor, index: number) {
  if (index !== 0 && index % 3 !== 1) return null;
  const home = findSuburb(seed.suburbs[0] ?? "");
  if (!home) return null;
  return {
    enabled: true,
    priceCents: Math.round((seed.rateDollars * 3.5) / 10) * 1000,
    includesWarmUp: index % 2 === 0,
    centreIds: testCentresByDrive(home)
      .slice(0, index === 0 ? 4 : 2)
      .map(({ centre }) => centre.id),
  };
}
