import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { logout } from "@/lib/logout";

/** Signs out (never fails, see lib/logout), drops every cached answer of the old user and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      navigate(paths.home(), { replace: true });
    },
  });
}
