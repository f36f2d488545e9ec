/** Every query of the signed-in user's account details starts with this key. */
export const accountQueryKey = ["account"] as const;
