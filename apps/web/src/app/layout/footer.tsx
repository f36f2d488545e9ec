import { Link } from "react-router";
import { Container } from "@/components/ui/container";
import { paths } from "@/config/paths";
import { BrandMark } from "./brand";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-slate-200 border-t bg-white">
      <Container className="flex flex-col gap-4 py-8 text-slate-600 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <BrandMark className="size-6 text-brand-600" />
          <p>© {year} Kerb. Driving lessons with certified instructors across Sydney.</p>
        </div>
        <nav aria-label="Footer" className="flex gap-4">
          <Link
            to={paths.auth.register({ role: "instructor" })}
            className="flex min-h-11 items-center hover:text-slate-900 hover:underline"
          >
            Become an Instructor
          </Link>
          <Link
            to={paths.student.book()}
            className="flex min-h-11 items-center hover:text-slate-900 hover:underline"
          >
            Book a lesson
          </Link>
        </nav>
      </Container>
    </footer>
  );
}
