import { GuardiansCard } from "@/features/guardians";
import { DrivingAssessmentCard } from "@/features/learning";
import { SavedCardsCard } from "@/features/saved-cards";
import { useStudentAccount } from "../api/get-student-account";
import { AccountSettings } from "../components/account-settings";
import { StudentProfileForm } from "../components/student-profile-form";

export function StudentAccountPage() {
  const query = useStudentAccount();
  return (
    <AccountSettings
      query={query}
      profileDescription="Your instructor sees your name and phone; your suburb sets where lessons are offered."
      renderProfileForm={(account) => <StudentProfileForm key={account.id} account={account} />}
      afterProfile={
        <>
          <DrivingAssessmentCard />
          <GuardiansCard />
          <SavedCardsCard owner="student" />
        </>
      }
    />
  );
}
