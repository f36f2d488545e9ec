import type { Role } from "@kerb/shared";
import { roleLabels } from "@kerb/shared/words";
import { StatusBadge, type StatusStyle, statusStyles } from "@/components/ui/status-badge";

export const ROLE_STATUS: Record<Role, StatusStyle> = statusStyles(roleLabels, {
  STUDENT: "info",
  INSTRUCTOR: "brand",
  ADMIN: "warning",
  GUARDIAN: "neutral",
});

export const RoleBadge = ({ role }: { role: Role }) => <StatusBadge status={role} styles={ROLE_STATUS} />;
