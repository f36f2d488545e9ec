/**
 * Availability benchmark: a busy suburb (Penrith + 40 extra verified instructors with weekly hours,
 * 10,000 bookings over the past and next 60 days) and the two calendar endpoints a student hits on the
 * slot step, measured beside GET /api/health from the same run.
 */

export const name = "availability";
export const SUBURB = "Penrith";
export const EXTRA_INSTRUCTORS = 40;
export const BOOKINGS = 10_000;

const BENCH_EMAIL = `'bench.%@penrith.kerb.test'`;
const benchInstructors = `
  select id, split_part(split_part(email, '@', 1), '.', 2)::int as n
  from users where email like ${BENCH_EMAIL}`;
// One learner per bench instructor: a student cannot be in two lessons at once (the database says so).
const BENCH_STUDENT_EMAIL = `'learner.%@penrith.kerb.test'`;
const benchStudents = `
  select id, split_part(split_part(email, '@', 1), '.', 2)::int as n
  from users where email like ${BENCH_STUDENT_EMAIL}`;

/**
 * Seeds through SQL straight into the database (never through the HTTP API). `query(text)` runs one
 * statement and resolves to its rows; it works the same over PGlite and pg. Idempotent: a database that
 * already holds the bench instructors is left as it is.
 */
export async function seed(query) {
  const [{ count }] = await query(`select count(*)::int as count from users where email like ${BENCH_EMAIL}`);
  if (count >= EXTRA_INSTRUCTORS) return { seeded: false };
  await query("begin");
  try {
    await query(`
      insert into users (email, password_hash, role, first_name, last_name, phone)
      select 'bench.' || i || '@penrith.kerb.test', 'bench-account-no-login', 'INSTRUCTOR',
             (array['Alex','Sam','Jordan','Taylor','Casey','Riley','Morgan','Jamie'])[1 + i % 8],
             'Bench' || lpad(i::text, 2, '0'), '0400 000 ' || lpad(i::text, 3, '0')
      from generate_series(1, ${EXTRA_INSTRUCTORS}) as i`);
    await query(`
      insert into users (email, password_hash, role, first_name, last_name)
      select 'learner.' || i || '@penrith.kerb.test', 'bench-account-no-login', 'STUDENT',
             'Learner', 'Bench' || lpad(i::text, 2, '0')
      from generate_series(1, ${EXTRA_INSTRUCTORS}) as i`);
    await query(`
      insert into instructor_profiles (user_id, license_number, vehicle_type, standard_rate_cents,
        pool_opt_in, gender, bio, languages, suburbs, verification_status, verified_at,
        rating_average, rating_count)
      select id, 'NSWB' || lpad(n::text, 4, '0'), (array['AUTOMATIC','MANUAL','BOTH'])[1 + n % 3],
             5000 + (n * 137) % 5000, n % 4 <> 0, (array['MALE','FEMALE'])[1 + n % 2],
             'Patient instructor for beginners and test preparation.',
             array['English'], array['${SUBURB}', 'Blacktown'], 'VERIFIED', now(),
             case when n % 7 = 0 then null else round((3.5 + (n % 15) / 10.0)::numeric, 2) end,
             case when n % 7 = 0 then 0 else 5 + n end
      from (${benchInstructors}) b`);
    // Weekdays 07:00–19:00 and Saturday 08:00–14:00.
    await query(`
      insert into availability_rules (instructor_id, weekday, start_minute, end_minute)
      select b.id, d, 420, 1140 from (${benchInstructors}) b cross join generate_series(1, 5) as d
      union all
      select b.id, 6, 480, 840 from (${benchInstructors}) b`);
    // One day off each in the coming month, so exceptions are part of the work too.
    await query(`
      insert into availability_exceptions (instructor_id, date, kind, note)
      select b.id, current_date + (b.n % 30), 'CLOSED', 'bench day off' from (${benchInstructors}) b`);
    // 9:00 and 13:00 every day plus 16:00 on every twelfth day: 250 per instructor, 10,000 in all,
    // never overlapping. Past lessons are completed; every tenth future one is an unexpired hold.
    await query(`
      insert into bookings (student_id, instructor_id, start_time, end_time, status, price_cents,
        is_pool_hours, suburb, hold_expires_at, completed_at)
      select s.id, b.id, t.start, t.start + interval '1 hour',
             case when t.start < now() then 'COMPLETED'
                  when (b.n + g.d) % 10 = 0 then 'PENDING_PAYMENT' else 'SCHEDULED' end,
             7000, false, '${SUBURB}',
             case when t.start >= now() and (b.n + g.d) % 10 = 0 then now() + interval '1 day' end,
             case when t.start < now() then t.start + interval '1 hour' end
      from (${benchInstructors}) b
      join (${benchStudents}) s on s.n = b.n
      cross join generate_series(-60, 59) as g(d)
      cross join (values (9), (13), (16)) as h(hour)
      cross join lateral (
        select ((current_date + g.d) + make_time(h.hour, 0, 0)) at time zone 'Australia/Sydney' as start
      ) t
      where h.hour <> 16 or (b.n + g.d + 1200) % 12 = 0`);
    await query("commit");
  } catch (error) {
    await query("rollback");
    throw error;
  }
  const [{ bookings }] = await query(`
    select count(*)::int as bookings from bookings
    where instructor_id in (select id from users where email like ${BENCH_EMAIL})`);
  return { seeded: true, bookings };
}

const sydneyDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Australia/Sydney",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function addDays(date, n) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

function isWeekend(date) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

/** The requests to measure; the first is the baseline the others are compared with. */
export function scenarios({ token, now = new Date() }) {
  const today = sydneyDate.format(now);
  // The slot step's single day: the next weekday after tomorrow, so it has pool and standard slots.
  let day = addDays(today, 2);
  while (isWeekend(day)) day = addDays(day, 1);
  const headers = { authorization: `Bearer ${token}` };
  return [
    { name: "GET /api/health", path: "/api/health" },
    {
      name: `GET /api/student/availability-summary (${SUBURB}, 30 days)`,
      path: `/api/student/availability-summary?suburb=${SUBURB}&startDate=${today}&endDate=${addDays(today, 29)}`,
      headers,
    },
    {
      name: `GET /api/student/slots (${SUBURB}, 1 day)`,
      path: `/api/student/slots?suburb=${SUBURB}&startDate=${day}&endDate=${day}`,
      headers,
    },
  ];
}
