import { SavedCardsCard } from "@/features/saved-cards";
import { useGuardianAccount } from "../api/get-guardian-account";
import { AccountSettings } from "../components/account-settings";

/** A guardian's name is the one they gave on accepting the invitation: shown, not edited here. */
export function GuardianAccountPage() {
  const query = useGuardianAccount();
  return (
    <AccountSettings
      query={query}
      profileDescription="The learners you follow see this name on their account."
      renderProfileForm={(account) => (
        <dl className="flex flex-col gap-1">
          <dt className="font-medium text-slate-600 text-sm">Name</dt>
          <dd className="break-words font-semibold text-slate-900">
            {account.firstName} {account.lastName}
          </dd>
        </dl>
      )}
      afterProfile={<SavedCardsCard owner="guardian" />}
    />
  );
}
