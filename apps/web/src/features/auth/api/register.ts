import type { AuthResponse, instructorRegistrationRequest, studentRegistrationRequest } from "@kerb/shared";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { authStore } from "@/lib/auth-store";
import { parseAuthSession } from "@/lib/session-shape";

type StudentRegistrationPayload = z.output<typeof studentRegistrationRequest>;
type InstructorRegistrationPayload = z.output<typeof instructorRegistrationRequest>;

export type RegistrationPayload =
  | ({ role: "STUDENT" } & StudentRegistrationPayload)
  | ({ role: "INSTRUCTOR" } & InstructorRegistrationPayload);

async function registerStudent(payload: StudentRegistrationPayload): Promise<AuthResponse> {
  const data = await api.post(
    "/auth/register/student",
    { ...payload, role: "STUDENT" },
    { skipAuthRefresh: true },
  );
  return parseAuthSession(data);
}

async function registerInstructor(payload: InstructorRegistrationPayload): Promise<AuthResponse> {
  const data = await api.post(
    "/auth/register/instructor",
    { ...payload, role: "INSTRUCTOR" },
    { skipAuthRefresh: true },
  );
  return parseAuthSession(data);
}

export function register(payload: RegistrationPayload): Promise<AuthResponse> {
  return payload.role === "INSTRUCTOR" ? registerInstructor(payload) : registerStudent(payload);
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => authStore.setSession(session),
  });
}
