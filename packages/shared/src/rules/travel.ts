/**
 * How long an instructor needs to drive from one suburb we serve to another: the one travel rule,
 * used by the availability engine (which lessons can follow which) and by anything that explains it.
 * Every lesson starts at the learner's door, so two lessons back to back in far-apart suburbs cannot
 * both be taught.
 */
import { SUBURBS, type Suburb } from "../constants.ts";

export interface LatLng {
  lat: number;
  lng: number;
}

/** Each suburb's centre (decimal degrees, WGS 84), as gazetted place locations put it, to ~0.01°. */
export const SUBURB_CENTRES: Readonly<Record<Suburb, LatLng>> = {
  Bankstown: { lat: -33.9173, lng: 151.0335 },
  Blacktown: { lat: -33.771, lng: 150.9063 },
  Bondi: { lat: -33.8932, lng: 151.2637 },
  Chatswood: { lat: -33.7969, lng: 151.1803 },
  Hornsby: { lat: -33.7025, lng: 151.0993 },
  Liverpool: { lat: -33.92, lng: 150.923 },
  Manly: { lat: -33.7969, lng: 151.285 },
  "North Sydney": { lat: -33.839, lng: 151.207 },
  Parramatta: { lat: -33.815, lng: 151.0011 },
  Penrith: { lat: -33.7507, lng: 150.6877 },
  Sutherland: { lat: -34.031, lng: 151.058 },
  "Sydney CBD": { lat: -33.8688, lng: 151.2093 },
};

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;
/**
 * Roads are longer than the straight line: the ratio of road to great-circle distance ("circuity")
 * measured for road networks is about 1.2–1.4 (Ballou, Rahardja & Sakai, "Selected country circuity
 * factors for road travel distance estimation", Transportation Research Part A 36, 2002); we take 1.3.
 */
export const ROAD_FACTOR = 1.3;
/**
 * Average door-to-door speed across Sydney in daytime traffic, km/h. Trips between these suburbs mix
 * local streets (the TomTom Traffic Index has a 10 km city trip at 20–25 minutes, about 25–30 km/h)
 * with motorways (M2, M4, M5 at 60–80 km/h off-peak); 40 km/h gives Bondi → Parramatta about 55
 * minutes and Penrith → Bondi about 1 h 50 min, what a navigation app shows at a busy time of day.
 */
export const SYDNEY_AVERAGE_SPEED_KMH = 40;
/** Travel is planned in 5-minute steps, rounded up: a plan that needs 41 minutes needs 45. */
export const TRAVEL_ROUNDING_MINUTES = 5;

/** Great-circle distance in km (haversine). */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Driving minutes between two points by the travel rule (road factor, average speed, 5-minute steps):
 * what a suburb-to-suburb drive is, and what a drive to a place that is not a suburb's centre (a
 * driving-test centre, rules/test-centres.ts) is too.
 */
export function driveMinutesBetween(from: LatLng, to: LatLng): number {
  const km = greatCircleKm(from, to) * ROAD_FACTOR;
  const minutes = (km / SYDNEY_AVERAGE_SPEED_KMH) * 60;
  return Math.ceil(minutes / TRAVEL_ROUNDING_MINUTES) * TRAVEL_ROUNDING_MINUTES;
}

function computeTravelMinutes(from: Suburb, to: Suburb): number {
  if (from === to) return 0;
  return driveMinutesBetween(SUBURB_CENTRES[from], SUBURB_CENTRES[to]);
}

/** Every pair worked out once; indexed by the suburbs' positions in SUBURBS. */
const TABLE: readonly (readonly number[])[] = SUBURBS.map((from) =>
  SUBURBS.map((to) => computeTravelMinutes(from, to)),
);

/** Driving minutes from one suburb's centre to another's; 0 within a suburb. */
export function travelMinutes(from: Suburb, to: Suburb): number {
  return TABLE[SUBURBS.indexOf(from)]?.[SUBURBS.indexOf(to)] ?? 0;
}

/** travelMinutes by the suburbs' positions in SUBURBS (the engine's hot path); 0 for an unknown one. */
export function travelMinutesByIndex(from: number, to: number): number {
  return TABLE[from]?.[to] ?? 0;
}

/** The longest drive between any two suburbs we serve: how far around a lesson another can matter. */
export const MAX_TRAVEL_MINUTES = Math.max(...TABLE.flat());

/**
 * Whether an instructor can teach a lesson at `next` after one at `previous` that ends `gapMinutes`
 * before it starts, keeping `bufferMinutes` free as well. Travel is 0 within a suburb, so with no
 * buffer, lessons in one suburb can follow each other directly, as they always could.
 */
export function canFollow(
  previous: Suburb,
  next: Suburb,
  gapMinutes: number,
  bufferMinutes: number,
): boolean {
  return gapMinutes >= travelMinutes(previous, next) + bufferMinutes;
}
