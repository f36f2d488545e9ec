import { TextField } from "@/components/ui/field";

type PickupAddressFieldProps = {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** What the address is for, when not every lesson of a booking (a test package's pick-up and drop-off). */
  hint?: string;
};

/** Where the instructor meets the student, asked once for every lesson of a booking (card or credits). */
export function PickupAddressField({ value, onChange, disabled, hint }: PickupAddressFieldProps) {
  return (
    <TextField
      label="Pickup address"
      hint={hint ?? "Where your instructor meets you for every lesson in this booking."}
      value={value}
      maxLength={200}
      autoComplete="street-address"
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
