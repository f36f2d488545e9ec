import { GENDERS, LICENSE_TYPES, SUBURBS, VEHICLE_TYPES } from "@kerb/shared";
import { genderLabels, licenseTypeLabels, vehicleTypeLabels } from "@kerb/shared/words";

export const suburbOptions = SUBURBS.map((s) => ({ value: s, label: s }));
export const licenseTypeOptions = LICENSE_TYPES.map((v) => ({ value: v, label: licenseTypeLabels[v] }));
export const vehicleOptions = VEHICLE_TYPES.map((v) => ({ value: v, label: vehicleTypeLabels[v] }));
export const genderOptions = GENDERS.map((g) => ({ value: g, label: genderLabels[g] }));
