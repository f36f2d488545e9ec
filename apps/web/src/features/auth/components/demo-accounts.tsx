import KeyRound from "lucide-react/icons/key-round";
import { Button } from "@/components/ui/button";

const DEMO_PASSWORD = "demo1234";

const DEMO_ACCOUNTS = [
  { email: "student@demo.test", role: "Student" },
  { email: "instructor@demo.test", role: "Instructor" },
  { email: "admin@demo.test", role: "Admin" },
  { email: "guardian@demo.test", role: "Guardian (Sam's parent)" },
] as const;

/** The seeded demo accounts, each with a button that fills the login form. */
export function DemoAccounts({ onUse }: { onUse: (email: string, password: string) => void }) {
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-2xl border border-brand-200 border-dashed bg-brand-50/60 p-4 sm:p-5"
    >
      <h2 id="demo-accounts-title" className="flex items-center gap-2 font-semibold text-brand-900 text-sm">
        <KeyRound className="size-4" aria-hidden="true" />
        Demo accounts
      </h2>
      <p className="mt-1 text-brand-900/80 text-sm">
        Every demo account uses the password{" "}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono">{DEMO_PASSWORD}</code>
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {DEMO_ACCOUNTS.map((account) => (
          <li
            key={account.email}
            className="flex items-center justify-between gap-3 rounded-xl bg-white px-3 py-1.5"
          >
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-mono text-slate-900 text-sm">{account.email}</span>
              <span className="text-slate-600 text-xs">{account.role}</span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              onClick={() => onUse(account.email, DEMO_PASSWORD)}
              aria-label={`Use the ${account.role.toLowerCase()} demo account`}
            >
              Use
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
