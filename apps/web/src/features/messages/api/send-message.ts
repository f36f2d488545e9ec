import { type SendMessageRequest, type SendMessageResponse, sendMessageResponse } from "@kerb/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messageKeys } from "./query-keys";

async function sendMessage(input: {
  otherUserId: string;
  request: SendMessageRequest;
}): Promise<SendMessageResponse> {
  const data = await api.post(
    `/messages/conversations/${encodeURIComponent(input.otherUserId)}`,
    input.request,
  );
  return sendMessageResponse.parse(data);
}

/** Sends a message; the conversation and the list are asked again, so the message shows where it belongs. */
export function useSendMessage(otherUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendMessageRequest) => sendMessage({ otherUserId, request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
