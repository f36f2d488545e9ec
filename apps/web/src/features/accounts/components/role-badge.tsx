import type { Role } from "@kerb/shared";
import { StatusBadge, type StatusStyle } from "@/components/ui/status-badge";

export const ROLE_STATUS: Record<Role, StatusStyle> = {
  STUDENT: { label: "Student", tone: "info" },
  INSTRUCTOR: { label: "Instructor", tone: "brand" },
  ADMIN: { label: "Admin", tone: "warning" },
};

export const RoleBadge = ({ role }: { role: Role }) => <StatusBadge status={role} styles={ROLE_STATUS} />;
