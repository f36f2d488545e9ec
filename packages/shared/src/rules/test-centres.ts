/**
 * The NSW driving-test centres a test package (issue 33) can take a learner to: Service NSW centres that
 * conduct car (C class) driving tests near the suburbs Kerb serves, and how long the drive there and
 * back is by the one travel rule (rules/travel.ts).
 *
 * Where the data comes from: that St Marys (the dedicated Driver Testing Centre at 75–105 Mamre Road,
 * opened September 2022), Blacktown, Penrith, Miranda and Rockdale conduct driving tests is stated in
 * public reports (NSW Government announcement; Transport for NSW wait-time figures in the press); the
 * other centres are Service NSW centres known to test, not re-read from a source. Only St Marys has a
 * street address we could confirm; the others carry their locality and postcode until one is checked
 * (`addressConfirmed: false`). Coordinates are the locality's (or, for St Marys, the site's), to about
 * 0.01°, good enough for 5-minute drive estimates.
 *
 * BEFORE LAUNCH: check every entry (name, street address, that it still runs car driving tests)
 * against the Service NSW centre finder, fill in street addresses and set addressConfirmed. Ids are
 * stored in instructors' offers, so never rename one: add a new centre and retire the old one instead.
 */
import type { Suburb } from "../constants.ts";
import { driveMinutesBetween, type LatLng, SUBURB_CENTRES, TRAVEL_ROUNDING_MINUTES } from "./travel.ts";

export interface TestCentre {
  /** Stable key stored in instructors' offers and, later, in packs: kebab-case, never renamed. */
  id: string;
  /** As Service NSW names it. */
  name: string;
  /** The postal address shown to learners: street address when confirmed, else locality and postcode. */
  address: string;
  /** The locality the centre is in (not necessarily a suburb Kerb serves). */
  suburb: string;
  postcode: string;
  location: LatLng;
  /** Whether `address` is a street address read from a source (see the note above). */
  addressConfirmed: boolean;
}

export const TEST_CENTRES = [
  {
    id: "st-marys",
    name: "St Marys Driver Testing Centre",
    address: "75–105 Mamre Road, St Marys NSW 2760",
    suburb: "St Marys",
    postcode: "2760",
    location: { lat: -33.771, lng: 150.766 },
    addressConfirmed: true,
  },
  {
    id: "penrith",
    name: "Penrith Service Centre",
    address: "Penrith NSW 2750",
    suburb: "Penrith",
    postcode: "2750",
    location: { lat: -33.751, lng: 150.694 },
    addressConfirmed: false,
  },
  {
    id: "blacktown",
    name: "Blacktown Service Centre",
    address: "Blacktown NSW 2148",
    suburb: "Blacktown",
    postcode: "2148",
    location: { lat: -33.771, lng: 150.906 },
    addressConfirmed: false,
  },
  {
    id: "silverwater",
    name: "Silverwater Service Centre",
    address: "Silverwater NSW 2128",
    suburb: "Silverwater",
    postcode: "2128",
    location: { lat: -33.835, lng: 151.046 },
    addressConfirmed: false,
  },
  {
    id: "bankstown",
    name: "Bankstown Service Centre",
    address: "Bankstown NSW 2200",
    suburb: "Bankstown",
    postcode: "2200",
    location: { lat: -33.917, lng: 151.034 },
    addressConfirmed: false,
  },
  {
    id: "liverpool",
    name: "Liverpool Service Centre",
    address: "Liverpool NSW 2170",
    suburb: "Liverpool",
    postcode: "2170",
    location: { lat: -33.92, lng: 150.924 },
    addressConfirmed: false,
  },
  {
    id: "miranda",
    name: "Miranda Service Centre",
    address: "Miranda NSW 2228",
    suburb: "Miranda",
    postcode: "2228",
    location: { lat: -34.034, lng: 151.101 },
    addressConfirmed: false,
  },
  {
    id: "rockdale",
    name: "Rockdale Service Centre",
    address: "Rockdale NSW 2216",
    suburb: "Rockdale",
    postcode: "2216",
    location: { lat: -33.952, lng: 151.137 },
    addressConfirmed: false,
  },
  {
    id: "botany",
    name: "Botany Service Centre",
    address: "Botany NSW 2019",
    suburb: "Botany",
    postcode: "2019",
    location: { lat: -33.945, lng: 151.196 },
    addressConfirmed: false,
  },
  {
    id: "ryde",
    name: "Ryde Service Centre",
    address: "Ryde NSW 2112",
    suburb: "Ryde",
    postcode: "2112",
    location: { lat: -33.815, lng: 151.105 },
    addressConfirmed: false,
  },
  {
    id: "hornsby",
    name: "Hornsby Service Centre",
    address: "Hornsby NSW 2077",
    suburb: "Hornsby",
    postcode: "2077",
    location: { lat: -33.703, lng: 151.099 },
    addressConfirmed: false,
  },
  {
    id: "dee-why",
    name: "Dee Why Service Centre",
    address: "Dee Why NSW 2099",
    suburb: "Dee Why",
    postcode: "2099",
    location: { lat: -33.752, lng: 151.286 },
    addressConfirmed: false,
  },
] as const satisfies readonly TestCentre[];

export type TestCentreId = (typeof TEST_CENTRES)[number]["id"];

export const TEST_CENTRE_IDS = TEST_CENTRES.map((c) => c.id) as readonly TestCentreId[];

export function isTestCentreId(id: string): id is TestCentreId {
  return (TEST_CENTRE_IDS as readonly string[]).includes(id);
}

/** The centre with that id, or null for an id we do not know. */
export function findTestCentre(id: string): TestCentre | null {
  return TEST_CENTRES.find((c) => c.id === id) ?? null;
}

export interface TestCentreDrive {
  /** From the pick-up suburb to the centre. */
  toCentreMinutes: number;
  /** From the centre to the drop-off suburb (the pick-up unless told otherwise). */
  fromCentreMinutes: number;
  totalMinutes: number;
}

/**
 * The drives of a test package: pick-up → centre before the test, centre → drop-off after it, by the
 * travel rule, in 5-minute steps. A centre is never "in" a suburb for the rule, so even a centre in the
 * pick-up suburb is at least 5 minutes away: the learner's door is not the centre's car park.
 */
export function testCentreDrive(
  pickup: Suburb,
  centreId: TestCentreId,
  dropOff: Suburb = pickup,
): TestCentreDrive {
  const centre = findTestCentre(centreId);
  if (!centre) throw new Error(`Unknown test centre ${centreId}`);
  const leg = (suburb: Suburb) =>
    Math.max(TRAVEL_ROUNDING_MINUTES, driveMinutesBetween(SUBURB_CENTRES[suburb], centre.location));
  const toCentreMinutes = leg(pickup);
  const fromCentreMinutes = leg(dropOff);
  return { toCentreMinutes, fromCentreMinutes, totalMinutes: toCentreMinutes + fromCentreMinutes };
}

/** Every centre with the drive to it from `pickup`, nearest first (ties by name): what to offer first. */
export function testCentresByDrive(pickup: Suburb): Array<{ centre: TestCentre; minutes: number }> {
  return TEST_CENTRES.map((centre) => ({
    centre: centre as TestCentre,
    minutes: testCentreDrive(pickup, centre.id).toCentreMinutes,
  })).sort((a, b) => a.minutes - b.minutes || a.centre.name.localeCompare(b.centre.name));
}
