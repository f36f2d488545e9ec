import { TestPackageCard } from "@/features/test-packages";
import { useInstructorAccount } from "../api/get-instructor-account";
import { AccountSettings } from "../components/account-settings";
import { InstructorProfileForm } from "../components/instructor-profile-form";

export function InstructorAccountPage() {
  const query = useInstructorAccount();
  return (
    <AccountSettings
      query={query}
      profileDescription="What students see when they choose an instructor."
      renderProfileForm={(account) => <InstructorProfileForm key={account.id} account={account} />}
      afterProfile={<TestPackageCard />}
    />
  );
}
