import { calendarWindowText, POOL_DISCOUNT, poolWindowText } from "@kerb/shared/words";
import ArrowRight from "lucide-react/icons/arrow-right";
import BadgeCheck from "lucide-react/icons/badge-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Clock from "lucide-react/icons/clock";
import MapPin from "lucide-react/icons/map-pin";
import PiggyBank from "lucide-react/icons/piggy-bank";
import ShieldCheck from "lucide-react/icons/shield-check";
import Sparkles from "lucide-react/icons/sparkles";
import Star from "lucide-react/icons/star";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Container } from "@/components/ui/container";
import { DocumentTitle } from "@/components/ui/document-title";
import { paths } from "@/config/paths";
import { useCurrentUser } from "@/lib/auth-store";

const FEATURES: { title: string; body: string; icon: ReactNode }[] = [
  {
    title: "Certified Instructors",
    body: "Every instructor is licensed, accredited and verified before they teach on Kerb, so you learn from people who know the test.",
    icon: <ShieldCheck className="size-6" aria-hidden="true" />,
  },
  {
    title: "Flexible Scheduling",
    body: `See real availability for the ${calendarWindowText()} and book the times that suit you, one lesson or a whole batch at once.`,
    icon: <CalendarClock className="size-6" aria-hidden="true" />,
  },
  {
    title: "Competitive Rates",
    body: `Clear per-hour prices up front with GST included, cheaper lesson bundles, and weekday pool hours that save you up to ${POOL_DISCOUNT}.`,
    icon: <PiggyBank className="size-6" aria-hidden="true" />,
  },
];

const STEPS = [
  { title: "Tell us where you are", body: "Pick your suburb and tell us how much driving you've done." },
  { title: "Choose your instructor", body: "Compare ratings, languages and rates, or let us match you." },
  { title: "Book and drive", body: "Pick your times, pay securely and get on the road." },
];

function HeroPreview() {
  // A static illustration of what a booked lesson looks like; decorative, so hidden from screen readers.
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 rotate-2 rounded-3xl bg-brand-100/70" />
      <div className="relative flex flex-col gap-4 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl">
        <div className="flex items-center justify-between">
          <p className="font-semibold text-slate-900">Your next lesson</p>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 text-xs">
            Scheduled
          </span>
        </div>
        <div className="flex items-center gap-3">
          <div className="flex size-12 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
            SM
          </div>
          <div>
            <p className="font-semibold text-slate-900">Sarah M.</p>
            <p className="flex items-center gap-1 text-slate-600 text-sm">
              <Star className="size-3.5 fill-amber-400 text-amber-400" /> 4.9 · Automatic
            </p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-xl bg-slate-50 p-3">
            <p className="text-slate-500">When</p>
            <p className="font-semibold text-slate-900">Tue 11:00 am</p>
          </div>
          <div className="rounded-xl bg-slate-50 p-3">
            <p className="text-slate-500">Pickup</p>
            <p className="font-semibold text-slate-900">Parramatta</p>
          </div>
        </div>
        <div className="flex items-center justify-between rounded-xl bg-amber-50 px-3 py-2.5 ring-1 ring-amber-200">
          <span className="flex items-center gap-1.5 font-semibold text-amber-950 text-sm">
            <Sparkles className="size-4" /> Pool Hours
          </span>
          <span className="font-semibold text-amber-950 text-sm">Save {POOL_DISCOUNT}</span>
        </div>
      </div>
    </div>
  );
}

/** After sign-in an admin lands here (spec §4: "others to /"): the way into the console, up front. */
function OperatorBar() {
  return (
    <section aria-label="Operator console" className="border-brand-200 border-b bg-brand-700 text-white">
      <Container className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 font-medium">
          <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
          You're signed in as an operator.
        </p>
        <ButtonLink to={paths.admin.root()} variant="inverse" size="sm">
          Open the operator console
          <ArrowRight className="size-4" aria-hidden="true" />
        </ButtonLink>
      </Container>
    </section>
  );
}

export function HomePage() {
  const user = useCurrentUser();
  return (
    <>
      <DocumentTitle />
      {user?.role === "ADMIN" ? <OperatorBar /> : null}
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-slate-50">
        <Container className="grid grid-cols-1 items-center gap-12 py-12 sm:py-16 lg:grid-cols-2 lg:py-24">
          <div className="flex flex-col gap-6">
            <Badge
              tone="brand"
              icon={<MapPin className="size-3.5" aria-hidden="true" />}
              className="self-start"
            >
              Now across 12 Sydney suburbs
            </Badge>
            <h1 className="font-bold text-4xl text-slate-900 tracking-tight sm:text-5xl lg:text-6xl">
              Learn to drive with instructors you can trust
            </h1>
            <p className="max-w-xl text-lg text-slate-700 leading-relaxed">
              Book driving lessons with certified instructors near you. Pay per lesson or save with a bundle,
              and save up to {POOL_DISCOUNT} with weekday pool hours.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={paths.auth.register()} size="lg">
                Get Started
                <ArrowRight className="size-5" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to={paths.student.book()} size="lg" variant="outline">
                Book Your Lesson
              </ButtonLink>
            </div>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-slate-700 text-sm">
              <li className="flex items-center gap-1.5">
                <BadgeCheck className="size-4 text-brand-600" aria-hidden="true" /> Verified instructors
              </li>
              <li className="flex items-center gap-1.5">
                <Clock className="size-4 text-brand-600" aria-hidden="true" /> Book in minutes
              </li>
              <li className="flex items-center gap-1.5">
                <ShieldCheck className="size-4 text-brand-600" aria-hidden="true" /> Secure payments
              </li>
            </ul>
          </div>
          <HeroPreview />
        </Container>
      </section>

      <section aria-labelledby="features-title" className="py-16 sm:py-20">
        <Container className="flex flex-col gap-10">
          <div className="flex max-w-2xl flex-col gap-3">
            <h2 id="features-title" className="font-bold text-3xl text-slate-900 tracking-tight">
              Why learners choose Kerb
            </h2>
            <p className="text-lg text-slate-600">Everything you need to go from L plates to P plates.</p>
          </div>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {FEATURES.map((feature) => (
              <li
                key={feature.title}
                className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <div className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                  {feature.icon}
                </div>
                <h3 className="font-semibold text-slate-900 text-xl">{feature.title}</h3>
                <p className="text-slate-600 leading-relaxed">{feature.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <section aria-labelledby="pool-title" className="pb-16 sm:pb-20">
        <Container>
          <div className="flex flex-col gap-6 rounded-3xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:p-10 md:flex-row md:items-center md:justify-between">
            <div className="flex max-w-2xl flex-col gap-3">
              <p className="flex items-center gap-2 font-semibold text-amber-900 text-sm uppercase tracking-wide">
                <Sparkles className="size-4" aria-hidden="true" /> Pool hours
              </p>
              <h2 id="pool-title" className="font-bold text-2xl text-amber-950 tracking-tight sm:text-3xl">
                Save up to {POOL_DISCOUNT} on weekday lessons
              </h2>
              <p className="text-amber-950/80 leading-relaxed">
                Learn {poolWindowText()} on weekdays, when roads are quieter, and we'll pair you with an
                available certified instructor at a lower rate.
              </p>
            </div>
            <ButtonLink to={paths.student.book()} variant="accent" size="lg" className="shrink-0">
              Book Your Lesson
            </ButtonLink>
          </div>
        </Container>
      </section>

      <section aria-labelledby="steps-title" className="border-slate-200 border-y bg-white py-16 sm:py-20">
        <Container className="flex flex-col gap-10">
          <h2 id="steps-title" className="font-bold text-3xl text-slate-900 tracking-tight">
            How it works
          </h2>
          <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-800 ring-1 ring-brand-200">
                  {index + 1}
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-semibold text-lg text-slate-900">{step.title}</h3>
                  <p className="text-slate-600">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section aria-labelledby="instructor-cta-title" className="py-16 sm:py-20">
        <Container>
          <div className="flex flex-col gap-6 rounded-3xl bg-brand-700 p-6 text-white sm:p-10 md:flex-row md:items-center md:justify-between">
            <div className="flex max-w-2xl flex-col gap-3">
              <h2 id="instructor-cta-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
                Teach on Kerb
              </h2>
              <p className="text-brand-50 leading-relaxed">
                Set your own rate, choose the suburbs you cover and fill your calendar with learners near you.
              </p>
            </div>
            <ButtonLink
              to={paths.auth.register({ role: "instructor" })}
              variant="inverse"
              size="lg"
              className="shrink-0"
            >
              Become an Instructor
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
