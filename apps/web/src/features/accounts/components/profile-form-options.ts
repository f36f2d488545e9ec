import { GENDERS, LICENSE_TYPES, SUBURBS, VEHICLE_TYPES } from "@kerb/shared";

export const suburbOptions = SUBURBS.map((s) => ({ value: s, label: s }));
export const licenseTypeOptions = LICENSE_TYPES.map((v) => ({
  value: v,
  label: v === "AUTOMATIC" ? "Automatic" : "Manual",
}));
const VEHICLE_LABELS: Record<(typeof VEHICLE_TYPES)[number], string> = {
  AUTOMATIC: "Automatic",
  MANUAL: "Manual",
  BOTH: "Both automatic and manual",
};
export const vehicleOptions = VEHICLE_TYPES.map((v) => ({ value: v, label: VEHICLE_LABELS[v] }));
const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  MALE: "Male",
  FEMALE: "Female",
  OTHER: "Other",
};
export const genderOptions = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
