import { TextField } from "@/components/ui/field";

type PickupAddressFieldProps = {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
};

/** Where the instructor meets the student, asked once for every lesson of a booking (card or credits). */
export function PickupAddressField({ value, onChange, disabled }: PickupAddressFieldProps) {
  return (
    <TextField
      label="Pickup address"
      hint="Where your instructor meets you for every lesson in this booking."
      value={value}
      maxLength={200}
      autoComplete="street-address"
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
